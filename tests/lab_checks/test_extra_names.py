"""Names the page adds to a lab's namespace (show) are there when the learner's code is checked."""

from lab_checks import grading


def test_a_show_call_left_in_lab_code_does_not_fail_the_check() -> None:
    grader = grading.load("slope")
    drawn = []
    code = grader.SOLUTION + "\nshow(slope(lambda x: x * x, 3.0))\n"
    verdict = grading.grade(grader, code, extra_names={"show": drawn.append})
    assert verdict["verdict"] == "pass", verdict["summary"]
    assert len(drawn) == 1


def test_without_the_name_the_same_code_raises_beside_the_verdict() -> None:
    grader = grading.load("slope")
    verdict = grading.grade(grader, grader.SOLUTION + "\nshow(1)\n")
    assert verdict["verdict"] == "pass"  # slope got defined: it is graded; the NameError is said beside
    assert verdict["raised"]["type"] == "NameError"
