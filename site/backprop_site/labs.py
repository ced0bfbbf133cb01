"""The site's labs and their graders in lab_checks/: each lab has one grader, each grader one lab."""

import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from lab_checks.grading import problems

LAB_CHECKS = Path(__file__).resolve().parents[2] / "lab_checks"
COURSE_MAP = Path("assets") / "backprop" / "course.json"


@dataclass
class LabPlace:
    """Where a lab's fence stands: lesson file and line."""

    src_path: str
    line: int


class LabError(ValueError):
    """A lab without a grader, a grader without a lab, an id used twice, or a grader that lacks a part."""


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
        """Register the lab whose fence stands at place; its grader, checked for completeness."""
        where = f"{place.src_path}:{place.line}"
        if lab_id in self.places:
            first = self.places[lab_id]
            raise LabError(f"{where}: lab id '{lab_id}' is already used at {first.src_path}:{first.line}")
        path = grader_path(lab_id)
        if not path.exists():
            raise LabError(
                f"{where}: lab '{lab_id}' has no grader; create lab_checks/{path.name} "
                "(see the authors' guide)"
            )
        try:
            grader = load_grader(lab_id)
        except Exception as e:
            raise LabError(
                f"lab_checks/{path.name}: the grader of lab '{lab_id}' ({where}) raised {e!r}"
            ) from e
        lacking = problems(grader)
        if lacking:
            raise LabError(
                f"lab_checks/{path.name}: the grader of lab '{lab_id}' ({where}): " + "; ".join(lacking)
            )
        self.places[lab_id] = place
        return grader

    def check_orphans(self) -> None:
        """Every grader must have its lab on some page."""
        orphans = [i for i in all_grader_ids() if i not in self.places]
        if orphans:
            lines = [
                f'lab_checks/{grader_path(i).name}:1: grader without a lab; add a ```python lab="{i}" fence '
                "to a lesson (or delete the grader)"
                for i in orphans
            ]
            raise LabError("\n".join(lines))

    def labs_on(self, src_path: str) -> list[str]:
        """The ids of the labs on one lesson, in the order they stand."""
        return [
            i for i, p in sorted(self.places.items(), key=lambda kv: kv[1].line) if p.src_path == src_path
        ]


def write_course_map(site_dir: Path, pages: list, registry: LabRegistry) -> dict:
    """assets/backprop/course.json: every page in nav order (then pages outside it that have labs),
    as {"pages": [{"url", "title", "labs": [ids]}]}; urls are relative to the site's root."""
    seen = {page.file.src_uri for page in pages}
    extra = sorted({p.src_path for p in registry.places.values()} - seen)
    course = {
        "pages": [
            {"url": page.url, "title": page.title or "", "labs": registry.labs_on(page.file.src_uri)}
            for page in pages
        ]
    }
    course["pages"] += [{"url": _url_of(src), "title": "", "labs": registry.labs_on(src)} for src in extra]
    target = site_dir / COURSE_MAP
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(course, ensure_ascii=False, indent=1))
    return course


def _url_of(src_path: str) -> str:
    """The directory URL MkDocs gives a page outside the nav (use_directory_urls)."""
    stem = src_path[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"
