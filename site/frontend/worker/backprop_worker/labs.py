"""The worker's side of labs: the page's check, hint and solution requests (via `call`), for lab_checks/."""

import gc

from diagrams.diagram import diagram
from lab_checks import grading
from lab_checks.grading.drift import DriftError, filled_in, writes
from lab_checks.grading.tracebacks import describe_exception, describe_syntax_error


def prepare(labs: list[str] = ()) -> dict:
    """Load the graders while the grading worker boots, before its one Check and any learner code."""
    for lab in labs:
        grading.load(lab)
    # Python's own objects never die; frozen, they leave the collection that ends each check (so the
    # learner's objects die inside the sandbox) with only the check's objects to look at: 0.1 ms, not 20.
    gc.freeze()
    return {"ok": True}


def check(lab: str, code: str, seed: int | None = None) -> dict:
    """The verdict on code for this lab (see lab_checks.grading), with tracebacks as run cells show them."""
    grader = grading.load(lab)
    verdict = grading.grade(
        grader,
        code,
        seed=seed,
        explain=describe_exception,
        explain_syntax=describe_syntax_error,
        extra_names={"show": _no_drawing, "plot": _no_drawing},  # left in lab code: nothing drawn on Check
    )
    pictured = [result for result in verdict.get("checks", []) if "picture" in result]
    for n, result in enumerate(pictured):  # one picture a verdict, at the first check with one
        picture = result.pop("picture")
        if n == 0:
            result["picture"] = _drawn(picture)
    return verdict


def _drawn(picture: dict) -> dict:
    """A likely cause's picture as the page draws it: the diagram's data, and the node it marks."""
    names = {int(i): name for i, name in picture["names"].items()}
    drawn = {**diagram(picture["graph"], names), "replayable": False}  # the learner's numbers: no nudges
    return {"graph": drawn, "node": picture["node"], "kind": picture["kind"]}


def _no_drawing(*args, **kwargs) -> None:
    """show() or plot() during a check: the verdict is the output, so nothing is drawn."""


def hint(lab: str, index: int) -> dict:
    """Hint number index (from 0) of the lab, and how many there are."""
    hints = grading.load(lab).HINTS
    return {"text": hints[index], "index": index, "count": len(hints)}


def solution(lab: str, starting: str = "") -> dict:
    """The lab's reference solution, and the lab's starting code with the solution's definitions put in
    (its examples and prints kept): what "Load the solution into the editor" loads."""
    grader = grading.load(lab)
    try:
        whole = filled_in(starting, grader.SOLUTION, writes(grader)) if starting else grader.SOLUTION
    except (DriftError, SyntaxError):  # a starting code it cannot read: the solution alone
        whole = grader.SOLUTION
    return {"code": grader.SOLUTION, "whole": whole}
