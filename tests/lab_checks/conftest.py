"""Graders run here as the browser's worker runs them: through backprop_worker.labs, with tracebacks
in learner terms."""

from backprop_site.fences import find_fences
from backprop_worker import labs

from lab_checks.grading.contract import verdict_text
from tests.repo import ROOT

LESSONS = ROOT / "lessons"


def lesson_labs() -> dict[str, tuple[str, int, str]]:
    """Every lab fence in the lessons: id -> (lesson file, line, starting code)."""
    found = {}
    for path in sorted(LESSONS.rglob("*.md")):
        for fence in find_fences(path.read_text()):
            if fence.kind == "lab":
                found[fence.attrs["lab"]] = (str(path.relative_to(ROOT)), fence.line, fence.code)
    return found


def check(lab: str, code: str, seed: int | None = None) -> dict:
    """The verdict the page would get."""
    return labs.check(lab, code, seed)


def failures(verdict: dict) -> str:
    """A failing verdict in words, for assertion messages: each failed check as a table."""
    return verdict_text(verdict)
