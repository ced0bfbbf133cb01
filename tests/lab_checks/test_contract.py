"""Every grader in lab_checks/ keeps its word; found automatically, so graders added later are held to it."""

import random
import re

import pytest

from lab_checks import grading
from tests.lab_checks.conftest import check, failures, lesson_labs

LABS = grading.lab_ids()
LESSON_LABS = lesson_labs()
MISTAKES = [(lab, m.name) for lab in LABS for m in grading.load(lab).MISTAKES]
SEEDS = range(4)


def mistake(lab: str, name: str) -> grading.Mistake:
    return next(m for m in grading.load(lab).MISTAKES if m.name == name)


def test_graders_are_found() -> None:
    assert {"slope", "value-ops", "backward"} <= set(LABS)


@pytest.mark.parametrize("lab", LABS)
def test_grader_has_every_part(lab: str) -> None:
    assert grading.problems(grading.load(lab)) == []


@pytest.mark.parametrize("lab", LABS)
def test_grader_has_a_lab_in_a_lesson(lab: str) -> None:
    assert lab in LESSON_LABS, f'no lesson has a ```python lab="{lab}" fence'


@pytest.mark.parametrize("lab", LABS)
def test_reference_solution_passes(lab: str) -> None:
    for seed in SEEDS:
        verdict = check(lab, grading.load(lab).SOLUTION, seed)
        assert verdict["verdict"] == "pass", f"seed {seed}: {failures(verdict)}"


@pytest.mark.parametrize("lab", LABS)
def test_starting_code_does_not_pass(lab: str) -> None:
    lesson, line, code = LESSON_LABS[lab]
    for seed in SEEDS:
        verdict = check(lab, code, seed)
        assert verdict["verdict"] != "pass", f"the starting code in {lesson}:{line} passes (seed {seed})"


@pytest.mark.parametrize(("lab", "name"), MISTAKES)
def test_known_mistake_fails_with_its_feedback(lab: str, name: str) -> None:
    known = mistake(lab, name)
    for seed in SEEDS:
        verdict = check(lab, known.code, seed)
        assert verdict["verdict"] == "fail", (
            f"seed {seed}: the mistake {name!r} is not a failure: {verdict['summary']}"
        )
        matched = [c for c in verdict["checks"] if c.get("mistake") == name]
        others = {c.get("mistake") for c in verdict["checks"] if not c["passed"]}
        assert matched, f"seed {seed}: no failing check earned the feedback of {name!r} (got {others})"
        for part in re.split(r"\{(?:name|expected|got)\}", known.feedback):
            assert part.strip() in matched[0]["hint"]


@pytest.mark.parametrize("lab", LABS)
def test_verdicts_say_what_was_verified(lab: str) -> None:
    verdict = check(lab, grading.load(lab).SOLUTION, 1)
    assert verdict["summary"].startswith("Passed")
    assert all(c["passed"] and c["name"] and c["cases"] >= 1 for c in verdict["checks"])


@pytest.mark.parametrize("lab", LABS)
def test_hidden_cases_change_with_every_attempt(lab: str) -> None:
    grader = grading.load(lab)
    seeds = {check(lab, grader.SOLUTION)["seed"] for _ in range(3)}
    assert len(seeds) == 3, "three attempts drew the same random seed"
    for chk in grading.checks_of(grader):
        cases = {repr(chk.make(random.Random(seed))) for seed in seeds}
        assert len(cases) > 1, f"the check {chk.name!r} makes the same case from different seeds"
