"""Starting code and solution cannot drift: the starting code with the solution's answer put in passes."""

import pytest

from lab_checks import grading
from lab_checks.grading.drift import DriftError, filled_in, writes
from tests.lab_checks.conftest import check, failures, lesson_labs

LESSON_LABS = lesson_labs()


@pytest.mark.parametrize("lab", grading.lab_ids())
def test_starting_code_with_the_solutions_answer_passes_and_its_demo_runs(lab: str) -> None:
    lesson, line, code = LESSON_LABS[lab]
    grader = grading.load(lab)
    verdict = check(lab, filled_in(code, grader.SOLUTION, writes(grader)), 0)
    assert verdict["verdict"] == "pass", f"{lesson}:{line} drifted from SOLUTION: {failures(verdict)}"
    assert "raised" not in verdict, f"{lesson}:{line}: the demo lines raise: {verdict['raised']['traceback']}"


def test_deleting_rmul_from_the_starting_code_is_caught() -> None:
    code = LESSON_LABS["value-ops"][2]
    drifted = code[: code.index("    def __rmul__")] + code[code.index("    def __neg__") :]
    grader = grading.load("value-ops")
    assert check("value-ops", filled_in(drifted, grader.SOLUTION, writes(grader)), 0)["verdict"] == "fail"


def test_only_the_named_definitions_are_replaced() -> None:
    start = "import math\n\n\ndef f(x):\n    return 0  # yours\n\n\nprint(f(2))\n"
    solution = "def f(x):\n    return x * 2\n"
    filled = "import math\n\n\ndef f(x):\n    return x * 2\n\n\nprint(f(2))\n"
    assert filled_in(start, solution, ("f",)) == filled


def test_methods_are_named_with_their_class() -> None:
    start = "class A:\n    def g(self):\n        pass\n\n    def h(self):\n        return 1\n"
    solution = "class A:\n    def g(self):\n        return 2\n"
    assert filled_in(start, solution, ("A.g",)) == (
        "class A:\n    def g(self):\n        return 2\n\n    def h(self):\n        return 1\n"
    )


def test_a_definition_missing_from_the_starting_code_is_named() -> None:
    with pytest.raises(DriftError, match="A.g"):
        filled_in("class A:\n    pass\n", "class A:\n    def g(self):\n        pass\n", ("A.g",))
