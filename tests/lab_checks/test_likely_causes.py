"""A likely cause for every mistake, not only the known ones (issue 28 §1): wrong answers written fresh,
away from each lab's MISTAKES, still get a cause from their own evidence; the known mistakes keep their
own feedback; and where the evidence says nothing, nothing is claimed."""

import types

import pytest

from lab_checks import grading
from lab_checks.grading import mutate
from tests.lab_checks.conftest import check, failures


def solution(lab: str) -> str:
    return grading.load(lab).SOLUTION


def _sub(lab: str, *changes: str) -> str:
    """The lab's solution with each (old, new) pair of changes made once."""
    code = solution(lab)
    for old, new in zip(changes[::2], changes[1::2]):
        code = mutate(code, old, new)
    return code


LINEAR = "[sum(wi * xi for wi, xi in zip(row, x)) for row in w]"

# (lab, what the mistake is, the wrong code, words its likely cause must contain)
FRESH = [
    (
        "slope",
        "the difference taken the wrong way round",
        _sub("slope", "(f(x + h) - f(x - h))", "(f(x - h) - f(x + h))"),
        "sign flipped",
    ),
    (
        "slope",
        "x taken for a Value",
        _sub("slope", "(f(x + h) - f(x - h))", "(f(x.data + h) - f(x.data - h))"),
        "plain float",
    ),
    (
        "chain-rule",
        "b's rate times a",
        _sub("chain-rule", "grad_a = 3 * grad_b", "grad_a = 3 * a * grad_b"),
        "constant factor",
    ),
    (
        "accumulate",
        "a local gradient taken for a Value",
        _sub("accumulate", "+ local * grad[result]", "+ local.data * grad[result]"),
        "plain float",
    ),
    (
        "named-steps",
        "e computed on plain numbers",
        _sub("named-steps", "e = y - t", "e = Value(y.data - t.data)"),
        "not connected to the inputs",
    ),
    (
        "value-ops",
        "tanh's local gradient without the square",
        _sub("value-ops", "(1 - t * t,)", "(1 - t,)"),
        "stores",
    ),
    (
        "value-ops",
        "relu as abs",
        _sub("value-ops", "Value(max(self.data, 0.0)", "Value(abs(self.data)"),
        "The first step with a wrong value is `b.relu()`",
    ),
    (
        "backward",
        "the local gradient passed on alone",
        _sub("backward", "child.grad += local * v.grad", "child.grad += local"),
        "first Value with a wrong gradient",
    ),
    (
        "iterative-topo",
        "each node put first instead of last",
        _sub("iterative-topo", "topo.append(node)", "topo.insert(0, node)"),
        "would pass its gradient on",
    ),
    (
        "neuron",
        "the bias first in parameters()",
        _sub("neuron", "return self.w + [self.b]", "return [self.b] + self.w"),
        "the last item moved to the front",
    ),
    (
        "linear",
        "a transposed loop",
        _sub("linear", LINEAR, "[sum(w[i][j] * x[i] for i in range(len(w))) for j in range(len(x))]"),
        "asked for `x[i]`",
    ),
    (
        "linear",
        "arithmetic on .data wrapped back into Value",
        _sub(
            "linear",
            LINEAR,
            "[Value(sum(wi.data * getattr(xi, 'data', xi) for wi, xi in zip(row, x))) for row in w]",
        ),
        "not connected to the inputs",
    ),
    (
        "closure-ops",
        "tanh's share doubled",
        _sub("closure-ops", "self.grad += (1 - t * t) * out.grad", "self.grad += 2 * (1 - t * t) * out.grad"),
        "twice the expected one",
    ),
    (
        "training-loop",
        "the gradient taken for a Value",
        _sub("training-loop", "p.data -= lr * p.grad", "p.data -= lr * p.grad.data"),
        "plain float",
    ),
    (
        "softmax-cross-entropy",
        "exp on .data wrapped back into Value",
        _sub(
            "softmax-cross-entropy",
            "exps = [(s - top).exp() for s in logits]",
            "import math\n    exps = [Value(math.exp(s.data - top)) for s in logits]",
        ),
        "not connected to the inputs",
    ),
    (
        "softmax-cross-entropy",
        "probabilities handed out one place late",
        _sub(
            "softmax-cross-entropy",
            "return [e / total for e in exps]",
            "return [e / total for e in exps[-1:] + exps[:-1]]",
        ),
        "shifted",
    ),
    (
        "attention-head",
        "a slice that leaves position t out",
        _sub("attention-head", "for k in keys[: t + 1]]", "for k in keys[:t]]"),
        "an empty list",
    ),
    (
        "attention-head",
        "softmax of plain numbers",
        _sub("attention-head", "weights = softmax(scores)", "weights = softmax([s.data for s in scores])"),
        "holds plain numbers",
    ),
    (
        "adam",
        "t counted from 0",
        _sub("adam", "BETA1 ** t)", "BETA1 ** (t + 1))", "BETA2 ** t)", "BETA2 ** (t + 1))"),
        "`t` = ",
    ),
]


def test_every_lab_has_fresh_mistakes() -> None:
    assert {lab for lab, *_ in FRESH} == set(grading.lab_ids())


@pytest.mark.parametrize(
    ("lab", "what", "code", "words"), FRESH, ids=[f"{lab}: {what}" for lab, what, *_ in FRESH]
)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_fresh_mistake_gets_a_likely_cause(lab: str, what: str, code: str, words: str, seed: int) -> None:
    verdict = check(lab, code, seed)
    assert verdict["verdict"] == "fail", failures(verdict)
    failed = [c for c in verdict["checks"] if not c["passed"] and not c.get("skipped")]
    assert not any(c.get("mistake") for c in failed), f"{what!r} is a known mistake: write a fresh one"
    causes = [c["hint"] for c in failed if c.get("hint")]
    assert causes and all(c.get("diagnosed") for c in failed if c.get("hint")), failures(verdict)
    assert any(words in cause for cause in causes), failures(verdict)


KNOWN = [(lab, m.name) for lab in grading.lab_ids() for m in grading.load(lab).MISTAKES]


@pytest.mark.parametrize(("lab", "name"), KNOWN)
def test_a_known_mistake_keeps_its_own_feedback(lab: str, name: str) -> None:
    code = next(m.code for m in grading.load(lab).MISTAKES if m.name == name)
    verdict = check(lab, code, 0)
    failed = [c for c in verdict["checks"] if not c["passed"] and not c.get("skipped")]
    assert failed, failures(verdict)
    for c in failed:
        assert c.get("mistake") and not c.get("diagnosed"), failures(verdict)


def without_known_mistakes(lab: str) -> types.ModuleType:
    """The lab's grader with MISTAKES emptied, so every failure goes to the diagnosis."""
    grader = grading.load(lab)
    bare = types.ModuleType(grader.__name__)
    bare.__dict__.update({k: v for k, v in vars(grader).items() if k != "__name__"})
    bare.MISTAKES = []
    return bare


# Known mistakes, diagnosed as if they were new: where the diagnosis speaks it must agree with the
# feedback the author wrote, and never say what the evidence contradicts.
AGREES = [
    ("backward", "no seed", "has gradient 0, not 1", "not connected"),
    ("linear", "plain numbers", "a plain number where a `Value` was due", "lost on the way back"),
    ("closure-ops", "never attached", "lost on the way back", "not connected"),
    ("value-ops", "mul local gradients swapped", "stores", "not connected"),
    ("adam", "still gradient descent", None, "`t` ="),
    ("softmax-cross-entropy", "no minus sign", "sign flipped", None),
    ("iterative-topo", "pops the oldest note", "would pass its gradient on", None),
    ("slope", "divides by h", "twice the expected one", None),
]


@pytest.mark.parametrize(("lab", "name", "says", "never"), AGREES)
def test_the_diagnosis_agrees_with_the_known_feedback(
    lab: str, name: str, says: str | None, never: str | None
) -> None:
    code = next(m.code for m in grading.load(lab).MISTAKES if m.name == name)
    verdict = grading.grade(without_known_mistakes(lab), code, seed=0)
    causes = " ".join(c.get("hint", "") for c in verdict["checks"] if not c["passed"])
    if says is not None:
        assert says in causes, failures(verdict)
    if never is not None:
        assert never not in causes, failures(verdict)


def test_no_cause_when_the_evidence_shows_none() -> None:
    # every output 0.0: no factor, no shift, no graph to compare; saying nothing beats guessing
    code = _sub("slope", "return (f(x + h) - f(x - h)) / (2 * h)", "return 0.0 * x + 1.5")
    verdict = check("slope", code, 0)
    assert verdict["verdict"] == "fail"
    assert not any(c.get("hint") for c in verdict["checks"]), failures(verdict)


def test_the_cause_is_where_a_known_mistakes_feedback_goes() -> None:
    # verdict.js shows check.hint after "Likely cause:"; diagnosed tells it from a known mistake's
    verdict = check("adam", FRESH[-1][2], 0)
    first = next(c for c in verdict["checks"] if not c["passed"])
    assert first["diagnosed"] is True and "mistake" not in first
    assert first["hint"].startswith("Your results are exactly what the right answer gives for `t` = 2")
