"""The site's labs and their graders in lab_checks/: each lab has one grader, each grader one lab."""

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

LAB_CHECKS = Path(__file__).resolve().parents[2] / "lab_checks"


@dataclass
class LabPlace:
    """Where a lab's fence stands: lesson file and line."""

    src_path: str
    line: int


class LabError(ValueError):
    """A lab without a grader, a grader without a lab, or an id used twice."""


def grader_path(lab_id: str) -> Path:
    """lab_checks/<id with - as _>.py"""
    return LAB_CHECKS / f"{lab_id.replace('-', '_')}.py"


def load_grader(lab_id: str) -> ModuleType:
    """The grader module, loaded afresh from its file (so `make serve` sees edits)."""
    path = grader_path(lab_id)
    spec = importlib.util.spec_from_file_location(f"lab_checks.{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def all_grader_ids() -> list[str]:
    """The lab id of every grader file (top-level modules of lab_checks/)."""
    return sorted(p.stem.replace("_", "-") for p in LAB_CHECKS.glob("*.py") if p.stem != "__init__")


class LabRegistry:
    """Labs seen during one build, checked against the graders on disk."""

    def __init__(self) -> None:
        self.places: dict[str, LabPlace] = {}

    def add(self, lab_id: str, place: LabPlace) -> ModuleType:
        where = f"{place.src_path}:{place.line}"
        if lab_id in self.places:
            first = self.places[lab_id]
            raise LabError(f"{where}: lab id '{lab_id}' is already used at {first.src_path}:{first.line}")
        if not grader_path(lab_id).exists():
            raise LabError(
                f"{where}: lab '{lab_id}' has no grader; create "
                f"lab_checks/{grader_path(lab_id).name} (see the authors' guide)"
            )
        self.places[lab_id] = place
        return load_grader(lab_id)

    def check_orphans(self) -> None:
        orphans = [i for i in all_grader_ids() if i not in self.places]
        if orphans:
            names = ", ".join(f"lab_checks/{grader_path(i).name}" for i in orphans)
            raise LabError(f'{names}: grader without a lab; add a ```python lab="id" fence')
