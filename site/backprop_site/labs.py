"""The site's labs and their graders in lab_checks/: each lab has one grader, each grader one lab, and
each lab keeps its contract (lab_checks/grading/contract.py), proven at build time."""

import gc
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from lab_checks.grading import registry
from lab_checks.grading.contract import prove, relative

COURSE_MAP = Path("assets") / "backprop" / "course.json"
# What a proof depends on besides the grader and the starting code: a change here proves every lab again.
PROOF_INPUTS = (registry.GRADERS / "grading", registry.GRADERS.parent / "engine")


@dataclass
class LabPlace:
    """Where a lab's fence stands: lesson file (relative to the course's folder) and line."""

    src_path: str
    line: int

    def __str__(self) -> str:
        return f"{self.src_path}:{self.line}"


class LabError(ValueError):
    """A lab without a grader, a grader without a lab, an id used twice, a grader that lacks a part,
    or a lab that breaks its contract. The message starts with file:line."""


class LabRegistry:
    """Labs seen during one build, checked against the graders in folder (lab_checks/ of the course)."""

    def __init__(self, folder: Path = registry.GRADERS, root: Path | None = None, proofs: Path | None = None):
        self.folder = folder
        self.root = root or folder.parent
        self.proofs = proofs  # a folder remembering proven labs, so rebuilds prove only what changed
        self.places: dict[str, LabPlace] = {}

    def add(self, lab_id: str, place: LabPlace) -> ModuleType:
        """Register the lab whose fence stands at place; its grader, checked for completeness."""
        if lab_id in self.places:
            raise LabError(f"{place}: lab id '{lab_id}' is already used at {self.places[lab_id]}")
        path = registry.grader_file(lab_id, self.folder)
        shown = relative(path, self.root)
        if not path.exists():
            raise LabError(f"{place}: lab '{lab_id}' has no grader; create {shown} (see the authors' guide)")
        try:
            grader = registry.load_file(lab_id, self.folder)
        except Exception as e:
            line = _line_in(e, path)
            raise LabError(f"{shown}:{line}: the grader of lab '{lab_id}' ({place}) raised {e!r}") from e
        lacking = registry.problems(grader)
        if lacking:
            raise LabError(f"{shown}:1: the grader of lab '{lab_id}' ({place}): " + "; ".join(lacking))
        self.places[lab_id] = place
        return grader

    def prove(self, lab_id: str, grader: ModuleType, starting_code: str) -> None:
        """The lab keeps its contract, or LabError listing each broken promise with its file:line."""
        key = self._proof_key(lab_id, starting_code)
        if key and (self.proofs / key).exists():
            return
        # The build's own objects are many and live to the end: frozen, the collections the sandbox ends
        # each check with look only at the check's objects (as in the browser's worker).
        gc.freeze()
        try:
            broken = prove(grader, starting_code, str(self.places[lab_id]), root=self.root)
        finally:
            gc.unfreeze()
        if broken:
            raise LabError(f"lab '{lab_id}' breaks its contract:\n" + "\n".join(map(str, broken)))
        if key:
            self.proofs.mkdir(parents=True, exist_ok=True)
            (self.proofs / key).touch()

    def _proof_key(self, lab_id: str, starting_code: str) -> str | None:
        if self.proofs is None:
            return None
        digest = hashlib.sha256(starting_code.encode())
        for path in [registry.grader_file(lab_id, self.folder)] + sorted(
            p for folder in PROOF_INPUTS for p in folder.rglob("*.py")
        ):
            digest.update(str(path).encode() + b"\0" + path.read_bytes())
        return f"{lab_id}-{digest.hexdigest()[:20]}"

    def check_orphans(self) -> None:
        """Every grader must have its lab on some page."""
        orphans = [i for i in registry.lab_ids(self.folder) if i not in self.places]
        if orphans:
            lines = [
                f"{relative(registry.grader_file(i, self.folder), self.root)}:1: grader without a lab; add a "
                f'```python lab="{i}" fence to a lesson (or delete the grader)'
                for i in orphans
            ]
            raise LabError("\n".join(lines))

    def labs_on(self, src_path: str) -> list[str]:
        """The ids of the labs on one lesson (src_path as in LabPlace), in the order they stand."""
        return [
            i for i, p in sorted(self.places.items(), key=lambda kv: kv[1].line) if p.src_path == src_path
        ]


def write_course_map(site_dir: Path, pages: list, registry: LabRegistry, docs: str) -> dict:
    """assets/backprop/course.json: every page in nav order (then pages outside it that have labs),
    as {"pages": [{"url", "title", "labs": [ids]}]}; urls are relative to the site's root.
    docs is the lessons' folder relative to the course's folder (how LabPlace names lesson files)."""
    prefix = f"{docs}/" if docs else ""
    seen = {prefix + page.file.src_uri for page in pages}
    extra = sorted({p.src_path for p in registry.places.values()} - seen)
    course = {
        "pages": [
            {"url": page.url, "title": page.title or "", "labs": registry.labs_on(prefix + page.file.src_uri)}
            for page in pages
        ]
    }
    course["pages"] += [
        {"url": _url_of(src[len(prefix) :]), "title": "", "labs": registry.labs_on(src)} for src in extra
    ]
    target = site_dir / COURSE_MAP
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(course, ensure_ascii=False, indent=1))
    return course


def _line_in(error: BaseException, path: Path) -> int:
    """The deepest line of path in the error's traceback (a SyntaxError's own line), else 1."""
    if isinstance(error, SyntaxError) and error.lineno:
        return error.lineno
    line, tb = 1, error.__traceback__
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename).resolve() == path.resolve():
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _url_of(src_path: str) -> str:
    """The directory URL MkDocs gives a page outside the nav (use_directory_urls)."""
    stem = src_path[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"
