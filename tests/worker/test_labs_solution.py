"""The solution a lab loads into the editor: the starting code with the solution's definitions put in, so
the examples and prints under them still run (a learner's walk found Run printing nothing after it)."""

import pytest
from backprop_worker import labs

from lab_checks import grading
from tests.lab_checks.conftest import lesson_labs


@pytest.mark.parametrize("lab", sorted(lesson_labs()))
def test_the_loaded_solution_keeps_the_examples_and_passes(lab: str) -> None:
    starting = lesson_labs()[lab][2]
    reply = labs.solution(lab, starting)
    assert reply["code"] == grading.load(lab).SOLUTION
    prints = [line for line in starting.splitlines() if line.startswith("print(")]
    assert all(line in reply["whole"].splitlines() for line in prints), reply["whole"]
    assert labs.check(lab, reply["whole"], 0)["verdict"] == "pass"


def test_a_starting_code_it_cannot_read_gives_the_solution_alone() -> None:
    assert labs.solution("linear", "def (")["whole"] == grading.load("linear").SOLUTION
    assert labs.solution("linear")["whole"] == grading.load("linear").SOLUTION
