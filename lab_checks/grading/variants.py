"""Off-by-one arguments: the case again with one whole-number argument of the lab's functions moved by 1.

When the learner's results are exactly what the lab's solution gives for such a neighbour of the
case (Adam's step t + 1, one training step more), that is their likely cause.
"""

import ast
import inspect
from collections.abc import Iterator
from dataclasses import dataclass

from lab_checks.grading.model import Case

LONGEST_CALL = 60  # a call shown longer than this is shown as name(…)


@dataclass(frozen=True)
class Variant:
    """The case with one argument moved: its code, the parameter's name, and the value it had and has."""

    case: Case
    call: str
    parameter: str
    was: float  # a whole number moved by one, or a fraction scaled
    now: float


def _arguments(case: Case, functions: dict) -> Iterator[tuple[ast.Call, ast.expr, str]]:
    """Each argument written in a call to one of functions (name -> the solution's), with its parameter."""
    try:
        tree = ast.parse(case.code)
    except SyntaxError:
        return
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in functions):
            continue
        given = [(i, a) for i, a in enumerate(call.args)] + [(k.arg, k.value) for k in call.keywords]
        for where, arg in given:
            parameter = _parameter(functions[call.func.id], where)
            if parameter is not None:
                yield call, arg, parameter


def _with_argument(case: Case, arg: ast.expr, text: str) -> Case:
    """The case with one argument (on one line) written as text instead."""
    lines = case.code.splitlines(keepends=True)
    line = lines[arg.lineno - 1]
    moved = line[: arg.col_offset] + text + line[arg.end_col_offset :]
    return Case("".join(lines[: arg.lineno - 1] + [moved] + lines[arg.lineno :]), case.expected, case.tol)


def variants(case: Case, functions: dict) -> Iterator[Variant]:
    """The case with each whole-number argument of a call to one of functions (name -> the solution's) ±1."""
    for call, arg, parameter in _arguments(case, functions):
        if not (isinstance(arg, ast.Constant) and type(arg.value) is int) or arg.lineno != arg.end_lineno:
            continue
        shown = ast.get_source_segment(case.code, call) or call.func.id
        for now in (arg.value + 1, arg.value - 1):
            yield Variant(_with_argument(case, arg, repr(now)), shown, parameter, arg.value, now)


def _parameter(function: object, where: int | str | None) -> str | None:
    """The name of the parameter an argument fills (a keyword is its own name)."""
    if type(where) is str:
        return where
    try:
        parameters = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return None
    return parameters[where] if type(where) is int and where < len(parameters) else None


def variant_cause(variant: Variant) -> str:
    """The likely cause, once the learner's results match the variant's."""
    more = "one more" if variant.now > variant.was else "one less"
    return (
        f"Your results are exactly what the right answer gives for `{variant.parameter}` = {variant.now}, "
        f"{more} than the {variant.was} in `{variant.call}`: something in your code is off by one with "
        f"`{variant.parameter}` (a `+ 1` or `- 1` too many, or a count that starts at the wrong number)."
    )


@dataclass(frozen=True)
class Transposed:
    """The case with one list-of-lists argument transposed: its code, the call and the parameter's name."""

    case: Case
    call: str
    parameter: str


def transposed(case: Case, functions: dict) -> Iterator[Transposed]:
    """The case with each list-of-lists argument (written out in the call) of one of functions transposed."""
    for call, arg, parameter in _arguments(case, functions):
        rows = arg.elts if isinstance(arg, ast.List) and arg.lineno == arg.end_lineno else []
        width = len(rows[0].elts) if rows and isinstance(rows[0], ast.List) else 0
        if not rows or not all(isinstance(r, ast.List) and len(r.elts) == width for r in rows):
            continue
        if len(rows) * width < 2:
            continue  # one number: its transpose is itself
        written = ast.get_source_segment(case.code, arg)
        swapped = f"[list(_column) for _column in zip(*{written})]"
        shown = ast.get_source_segment(case.code, call) or call.func.id
        if len(shown) > LONGEST_CALL:
            shown = f"{call.func.id}(…)"
        yield Transposed(_with_argument(case, arg, swapped), shown, parameter)


def transposed_cause(variant: Transposed) -> str:
    """The likely cause, once the learner's results match the right answer's for a transposed argument."""
    return (
        f"Your results are exactly what the right answer gives with `{variant.parameter}` transposed (its "
        f"rows as columns) in `{variant.call}`: are the two indices of `{variant.parameter}` swapped, "
        "or a loop run over its columns where it should run over its rows?"
    )


SCALES = {2.0: "twice", 0.5: "half", -1.0: "minus"}


def scaled(case: Case, functions: dict) -> Iterator[Variant]:
    """The case with each fractional argument of a call to one of functions doubled, halved or negated."""
    for call, arg, parameter in _arguments(case, functions):
        if not (isinstance(arg, ast.Constant) and type(arg.value) is float and arg.value):
            continue
        shown = ast.get_source_segment(case.code, call) or call.func.id
        for factor in SCALES:
            now = arg.value * factor
            yield Variant(_with_argument(case, arg, repr(now)), shown, parameter, arg.value, now)


def scaled_cause(variant: Variant) -> str:
    """The likely cause, once the learner's results match the right answer's for an argument scaled."""
    how = SCALES.get(variant.now / variant.was, "a multiple of")
    return (
        f"Your results are exactly what the right answer gives for `{variant.parameter}` = {variant.now:g}, "
        f"{how} the {variant.was:g} in `{variant.call}`: a factor {variant.now / variant.was:g} too many "
        f"somewhere `{variant.parameter}` is used (or in what it multiplies)."
    )
