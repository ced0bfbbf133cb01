"""Feedback that exists reaches the learner: typical mistakes in the lesson's starting code (demo lines
and all) get `fail` with their likely cause, never `error`; slow checks do not replay every mistake."""

import random

import pytest

from lab_checks import grading
from lab_checks.grading import harness
from lab_checks.grading.drift import filled_in, writes
from lab_checks.grading.sandbox import Sandbox
from tests.lab_checks.conftest import check, failures, lesson_labs

LESSON_LABS = lesson_labs()
TYPICAL = [(lab, m.name) for lab in grading.lab_ids() for m in grading.load(lab).MISTAKES]


def mistake(lab: str, name: str) -> grading.Mistake:
    return next(m for m in grading.load(lab).MISTAKES if m.name == name)


def starting_code_with(lab: str, name: str) -> str:
    """The lesson's starting code, demo lines included, with the mistake's version of the learner's part."""
    grader = grading.load(lab)
    return filled_in(LESSON_LABS[lab][2], mistake(lab, name).code, writes(grader))


@pytest.mark.parametrize(("lab", "name"), TYPICAL)
def test_starting_code_with_a_typical_mistake_fails_with_feedback(lab: str, name: str) -> None:
    verdict = check(lab, starting_code_with(lab, name), 0)
    assert verdict["verdict"] == "fail", failures(verdict)
    hints = [c["hint"] for c in verdict["checks"] if c.get("hint")]
    assert hints, f"no likely cause for {name!r}: {failures(verdict)}"


def test_demo_lines_that_raise_are_reported_beside_the_verdict() -> None:
    # accumulate's `grad[name] += ...` makes the lesson's demo line raise KeyError
    code = LESSON_LABS["accumulate"][2].replace(
        "grad[name] = local * grad[result]", "grad[name] += local * grad[result]"
    )
    verdict = check("accumulate", code, 0)
    assert verdict["verdict"] == "fail", failures(verdict)
    assert any(c.get("mistake") == "+= on a missing entry" for c in verdict["checks"])
    assert verdict["raised"]["type"] == "KeyError"
    assert "KeyError" in verdict["note"] and "`backward`" in verdict["note"]


@pytest.mark.parametrize("returns", ["self.w + self.b", "[w.data for w in self.w] + [self.b.data]"])
def test_neuron_parameters_mistakes_that_break_the_demo_get_their_cause(returns: str) -> None:
    code = LESSON_LABS["neuron"][2]
    code = filled_in(code, grading.load("neuron").SOLUTION, writes(grading.load("neuron")))
    verdict = check("neuron", code.replace("return self.w + [self.b]", f"return {returns}"), 0)
    assert verdict["verdict"] == "fail", failures(verdict)
    assert [c["hint"] for c in verdict["checks"] if c.get("hint")]
    assert verdict.get("raised"), "the demo line calls parameters(), so it raises too"


def test_code_that_raises_before_defining_the_lab_is_an_error_that_says_so() -> None:
    verdict = check("slope", "1 / 0\n\ndef slope(f, x, h=1e-5):\n    return 0.0\n", 0)
    assert verdict["verdict"] == "error"
    assert "ZeroDivisionError" in verdict["summary"] and "`slope`" in verdict["summary"]


def test_a_passing_answer_with_broken_demo_lines_passes_and_says_so() -> None:
    code = grading.load("slope").SOLUTION + "\nprint(slope(undefined_function, 3.0))\n"
    verdict = check("slope", code, 0)
    assert verdict["verdict"] == "pass"
    assert verdict["raised"]["type"] == "NameError"


@pytest.mark.parametrize(
    ("lab", "name", "words"),
    [
        ("chain-rule", "the last square's rate with x", "`2 * c`"),
        ("value-ops", "relu local gradient always 1", "its local gradient is 0"),
        ("value-ops", "pow without parentheses", "`n * self.data ** (n - 1)`"),
        ("neuron", "parameters as numbers", "plain numbers"),
        ("iterative-topo", "reversed pre-order", "comes before its input"),
    ],
)
def test_likely_causes_for_common_mistakes(lab: str, name: str, words: str) -> None:
    verdict = check(lab, mistake(lab, name).code, 0)
    hints = [c["hint"] for c in verdict["checks"] if c.get("mistake") == name]
    assert hints and words in hints[0], failures(verdict)


def test_an_order_names_the_node_that_comes_before_its_input() -> None:
    verdict = check("iterative-topo", mistake("iterative-topo", "reversed pre-order").code, 0)
    first = next(c for c in verdict["checks"] if not c["passed"])
    assert first["rows"][0]["got"].endswith(": c comes before its input a")
    assert "c comes before its input a" in first["hint"]


def test_mistakes_ruled_out_by_an_earlier_check_are_not_replayed() -> None:
    # On training-loop, replaying every known mistake on the training check re-trained each one and
    # ran a wrong answer into the time limit. A mistake that failed the quick check differently from
    # the learner's code cannot be what that code does, so the slow check does not replay it.
    grader = grading.load("training-loop")
    box = Sandbox(grader)
    try:
        known = harness._Mistakes(grader.MISTAKES, box, grader.DEFINES)
        learner = known.namespace(mistake("training-loop", "uphill"))
        quick = grader.two_steps.make(random.Random(0))
        assert known.matching(quick, harness._observe(quick, learner, box), quick.tol).name == "uphill"
        assert known.ruled_out == {"no update"}
    finally:
        box.end()


def test_a_slow_check_runs_only_once_the_quick_ones_pass() -> None:
    # training-loop's wrong answers used to re-train every known mistake and run into the time limit
    wrong = check("training-loop", starting_code_with("training-loop", "no zero_grad"), 0)
    quick, slow = wrong["checks"]
    assert quick["mistake"] == "no zero_grad" and slow.get("skipped") is True
    assert "will run once the others pass" in wrong["summary"]
    right = check("training-loop", grading.load("training-loop").SOLUTION, 0)
    assert [c["passed"] for c in right["checks"]] == [True, True]
