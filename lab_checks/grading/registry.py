"""Finding graders by lab id, and telling an author what a grader still lacks."""

import importlib
import pkgutil
from types import ModuleType

import lab_checks
from lab_checks.grading.model import Check, Mistake

MIN_HINTS = 3
MIN_MISTAKES = 4


def module_name(lab_id: str) -> str:
    """lab_checks.<id with - as _>"""
    return f"lab_checks.{lab_id.replace('-', '_')}"


def lab_ids() -> list[str]:
    """Every grader's lab id: the modules of lab_checks/ (not its packages, such as grading/)."""
    return sorted(
        info.name.replace("_", "-") for info in pkgutil.iter_modules(lab_checks.__path__) if not info.ispkg
    )


def load(lab_id: str) -> ModuleType:
    """The grader of lab_id (imported once per Python)."""
    return importlib.import_module(module_name(lab_id))


def problems(grader: ModuleType) -> list[str]:
    """What this grader lacks to be a grader (empty when it is one)."""
    found = []
    title = getattr(grader, "TITLE", None)
    if not isinstance(title, str) or not title.strip():
        found.append("TITLE must be the lab's title (a non-empty str)")
    hints = getattr(grader, "HINTS", None)
    if (
        not isinstance(hints, list | tuple)
        or len(hints) < MIN_HINTS
        or not all(isinstance(h, str) for h in hints)
    ):
        found.append(f"HINTS must be a list of at least {MIN_HINTS} str, from gentle to nearly the answer")
    solution = getattr(grader, "SOLUTION", None)
    if not isinstance(solution, str):
        found.append("SOLUTION must be the reference solution's code (a str)")
    else:
        found += _compiles("SOLUTION", solution)
    mistakes = getattr(grader, "MISTAKES", None)
    if not isinstance(mistakes, list | tuple) or len(mistakes) < MIN_MISTAKES:
        found.append(f"MISTAKES must list at least {MIN_MISTAKES} Mistake(name, code, feedback)")
    elif not all(isinstance(m, Mistake) for m in mistakes):
        found.append("MISTAKES must hold Mistake(name, code, feedback) objects")
    else:
        names = [m.name for m in mistakes]
        if len(set(names)) != len(names):
            found.append("MISTAKES: two mistakes have the same name")
        for m in mistakes:
            found += _compiles(f"the mistake {m.name!r}", m.code)
            if not m.feedback.strip():
                found.append(f"the mistake {m.name!r} has no feedback")
    if not any(isinstance(v, Check) for v in vars(grader).values()):
        found.append("no checks: decorate a function rng -> Case with @check(name)")
    return found


def _compiles(what: str, code: str) -> list[str]:
    try:
        compile(code, what, "exec")
    except SyntaxError as e:
        return [f"{what} has a SyntaxError on its line {e.lineno}: {e.msg}"]
    return []
