"""The one registry of graders: lab id <-> lab_checks/<id with - as _>.py, and what a grader lacks."""

import importlib
import importlib.util
import pkgutil
from pathlib import Path
from types import ModuleType

import lab_checks
from lab_checks.grading.model import Mistake, checks_of

MIN_HINTS = 3
MIN_MISTAKES = 4
GRADERS = Path(lab_checks.__file__).resolve().parent


def module_stem(lab_id: str) -> str:
    """The grader's module name in lab_checks: the lab id with - as _ (lab ids are lowercase words and -)."""
    return lab_id.replace("-", "_")


def lab_id_of(module_name: str) -> str:
    """The lab id of a grader module ("lab_checks.value_ops" or "value_ops" -> "value-ops")."""
    return module_name.rsplit(".", 1)[-1].replace("_", "-")


def grader_file(lab_id: str, folder: Path = GRADERS) -> Path:
    """lab_checks/<id with - as _>.py (in folder, for a copy of the course)."""
    return folder / f"{module_stem(lab_id)}.py"


def lab_ids(folder: Path = GRADERS) -> list[str]:
    """Every grader's lab id: the modules of lab_checks/ (not its packages, such as grading/)."""
    return sorted(lab_id_of(info.name) for info in pkgutil.iter_modules([str(folder)]) if not info.ispkg)


def load(lab_id: str) -> ModuleType:
    """The grader of lab_id (imported once per Python)."""
    return importlib.import_module(f"lab_checks.{module_stem(lab_id)}")


def load_file(lab_id: str, folder: Path = GRADERS) -> ModuleType:
    """The grader of lab_id, executed afresh from its file (so `make serve` sees edits)."""
    path = grader_file(lab_id, folder)
    spec = importlib.util.spec_from_file_location(f"lab_checks.{module_stem(lab_id)}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    if not checks_of(grader):
        found.append("no checks: decorate a function rng -> Case with @check(name)")
    return found


def _compiles(what: str, code: str) -> list[str]:
    try:
        compile(code, what, "exec")
    except SyntaxError as e:
        return [f"{what} has a SyntaxError on its line {e.lineno}: {e.msg}"]
    return []
