"""Cases about Values: the learner's Value class against engine/ and against central differences."""

import re

from engine import Value as EngineValue
from lab_checks.grading.harness import OBSERVED, compiled, probe
from lab_checks.grading.model import Case

BACKWARD_CALL = re.compile(r"\b([A-Za-z_]\w*)\.backward\(\)")
NUDGE = 1e-6
AGREEMENT = 1e-4
REFERENCE_FILE = "<reference>"


class GraderError(RuntimeError):
    """A grader whose expectations disagree with themselves: a bug for the course author."""


def value_case(
    code: str,
    inputs: dict[str, float],
    observe: list[str],
    tol: float | None = None,
    reference: dict | None = None,
) -> Case:
    """A Case that makes each input a Value, runs code (which calls X.backward()), and reads observe.

    Expected results come from engine/'s Value running the same code, with the names in reference
    standing in for what the learner writes (e.g. {"sigmoid": Value.sigmoid}); every gradient of an
    input it observes is confirmed by a central difference of X.data, so a grader cannot expect a
    wrong number.
    """
    names = {"Value": EngineValue, **(reference or {})}
    found = BACKWARD_CALL.findall(code)
    if len(found) != 1:
        raise GraderError(f"value_case: the code must call .backward() exactly once, not {len(found)} times")
    output = found[0]
    setup = "".join(f"{name} = Value({x!r})\n" for name, x in inputs.items())
    shown = setup + code
    expected = _evaluate(shown, observe, names)
    for expr, value in zip(observe, expected):
        name = expr[: -len(".grad")] if expr.endswith(".grad") else None
        if name in inputs:
            slope = _central_difference(code, inputs, name, output, names)
            if abs(slope - value) > AGREEMENT * max(1.0, abs(value)):
                raise GraderError(
                    f"value_case: engine gives {expr} = {value} but a central difference gives {slope}"
                    f" for\n{shown}"
                )
    return Case(shown, dict(zip(observe, expected)), tol)


def _evaluate(code: str, observe: list[str], names: dict) -> tuple:
    namespace = dict(names)
    exec(compiled(probe(code, observe), REFERENCE_FILE), namespace)
    return namespace[OBSERVED]


def _central_difference(code: str, inputs: dict[str, float], name: str, output: str, names: dict) -> float:
    h = NUDGE * max(1.0, abs(inputs[name]))
    forward = compiled(BACKWARD_CALL.sub("None", code), REFERENCE_FILE)

    def output_at(x: float) -> float:
        value = names["Value"]  # the engine's, or the subclass reference gives (a method it lacks)
        namespace = {**names, **{n: value(v) for n, v in inputs.items()}}
        namespace[name] = value(x)
        exec(forward, namespace)
        return namespace[output].data

    return (output_at(inputs[name] + h) - output_at(inputs[name] - h)) / (2 * h)
