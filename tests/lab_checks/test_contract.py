"""Every grader in lab_checks/ keeps its word, found automatically, one lab at a time: a broken grader
fails its own tests only. `make check-lab LAB=<id>` runs these for one lab (LAB in the environment)."""

import os
import random
from pathlib import Path

import pytest

from lab_checks import grading
from lab_checks.grading.contract import BUILD_SEEDS, prove, verdict_text
from tests.lab_checks.conftest import ROOT, check, lesson_labs

LABS = [os.environ["LAB"]] if os.environ.get("LAB") else grading.lab_ids()
LESSON_LABS = lesson_labs()
SEEDS = [seed for seed in range(4) if seed not in BUILD_SEEDS]  # `make build` proves BUILD_SEEDS


def test_graders_are_found() -> None:
    assert set(LABS) <= set(grading.lab_ids()), f"no grader {LABS}; the labs are {grading.lab_ids()}"
    if not os.environ.get("LAB"):
        assert {"slope", "value-ops", "backward"} <= set(LABS)


@pytest.mark.parametrize("lab", LABS)
def test_grader_has_every_part(lab: str) -> None:
    assert grading.problems(grading.load(lab)) == []


@pytest.mark.parametrize("lab", LABS)
def test_grader_has_a_lab_in_a_lesson(lab: str) -> None:
    assert lab in LESSON_LABS, f'no lesson has a ```python lab="{lab}" fence'


@pytest.mark.parametrize("lab", LABS)
def test_lab_keeps_its_contract(lab: str) -> None:
    """Solution passes, starting code does not, each mistake fails with its own feedback, on seeds 0-3
    together with the build (which proves seed 0), graded as the browser's worker grades."""
    grader = grading.load(lab)
    lesson, line, code = LESSON_LABS[lab]
    broken = prove(
        grader,
        code,
        f"{lesson}:{line}",
        root=ROOT,
        seeds=SEEDS,
        check=lambda grader, code, seed: check(lab, code, seed),
    )
    assert not broken, "\n\n" + "\n\n".join(map(str, broken))


@pytest.mark.parametrize("lab", LABS)
def test_verdicts_say_what_was_verified(lab: str) -> None:
    verdict = check(lab, grading.load(lab).SOLUTION, 1)
    assert verdict["summary"].startswith("Passed"), verdict_text(verdict)
    assert all(c["passed"] and c["name"] and c["cases"] >= 1 for c in verdict["checks"])


def test_every_attempt_draws_its_own_seed() -> None:
    """The harness draws the seed, the same for every lab; the test below proves each lab uses it."""
    seeds = {check("slope", grading.load("slope").SOLUTION)["seed"] for _ in range(3)}
    assert len(seeds) == 3, "three attempts drew the same random seed"


@pytest.mark.parametrize("lab", LABS)
def test_hidden_cases_change_with_the_seed(lab: str) -> None:
    grader = grading.load(lab)
    for chk in grading.checks_of(grader):
        # fixed seeds, so a check with few variants cannot pass or fail by the luck of the draw
        cases = {repr(chk.make(random.Random(seed))) for seed in range(20)}
        assert len(cases) > 1, f"the check {chk.name!r} makes the same case from different seeds"


def test_a_broken_promise_reads_as_a_table(tmp_path: Path) -> None:
    grader = grading.load("slope")
    broken = prove(grader, grader.SOLUTION, "lessons/slopes/nudge-it.md:9", root=ROOT)
    assert [b.where for b in broken] == ["lessons/slopes/nudge-it.md:9"]
    wrong = check("slope", grader.MISTAKES[1].code, 0)
    text = verdict_text(wrong)
    assert "{" not in text and "'rows'" not in text  # no dicts
    assert "what" in text and "expected" in text and "got" in text and "✗" in text
