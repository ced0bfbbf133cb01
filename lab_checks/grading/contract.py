"""A lab's contract, proven in CPython: its solution passes, its starting code does not, each known
mistake fails with its own feedback, and its hidden cases change with every attempt.

The build runs prove() on every lab (and stops at the first broken one); `make check-labs` runs it
with more seeds. Each Broken names the file and line to fix, relative to the course's folder.
"""

import random
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from lab_checks.grading.drift import DriftError, filled_in, writes
from lab_checks.grading.harness import grade
from lab_checks.grading.model import Check, Mistake, checks_of

BUILD_SEEDS = (0,)
DRAW_SEEDS = (0, 1, 2)
FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


@dataclass(frozen=True)
class Broken:
    """One broken promise of a lab: where to fix it (file:line), what is wrong, and the evidence."""

    where: str
    what: str
    detail: str = ""

    def __str__(self) -> str:
        text = f"{self.where}: {self.what}"
        return text + ("\n" + textwrap.indent(self.detail.rstrip(), "    ") if self.detail else "")


Grade = Callable[[ModuleType, str, int], dict]


def relative(path: str | Path, root: Path) -> str:
    """path relative to root (the course's folder), as error messages name files; else path as given."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def prove(
    grader: ModuleType,
    starting_code: str,
    fence: str,
    *,
    root: Path,
    seeds: Iterable[int] = BUILD_SEEDS,
    check: Grade | None = None,
) -> list[Broken]:
    """Every broken promise of the lab whose fence (file:line) holds starting_code; [] when it keeps them.
    check(grader, code, seed) gives verdicts (default: grade(); the tests pass the browser worker's)."""
    run = check or _grade
    places = _Places(grader, root, fence)
    broken: list[Broken] = []
    for seed in seeds:
        verdict = run(grader, grader.SOLUTION, seed)
        crash = _crashed(verdict, "the SOLUTION", places)
        if crash:  # one crash is reported once, not once for every program the check runs
            return crash
        broken += _solution_passes(verdict, grader, seed, places)
        verdict = run(grader, starting_code, seed)
        crash = _crashed(verdict, "the starting code", places)
        if crash:
            return crash
        broken += _starting_code_fails(verdict, seed, places)
        broken += _answer_fits_starting_code(run, grader, starting_code, seed, places)
        for mistake in grader.MISTAKES:
            verdict = run(grader, mistake.code, seed)
            crash = _crashed(verdict, f"the mistake {mistake.name!r}", places)
            if crash:
                return crash
            broken += _mistake_earns_its_feedback(verdict, mistake, seed, places)
        if broken:
            return _unique(broken)
    return _unique(broken + _cases_draw(grader, places))


def failure_table(check: dict) -> str:
    """A failed check of a verdict as a learner would read it: what was tried, then expected and got."""
    lines = [f"check: {check['name']}"]
    if check.get("tried"):
        lines.append("tried:")
        lines += ["    " + line for line in check["tried"].rstrip().splitlines()]
    rows = check.get("rows") or []
    if rows:
        header = ("", "what", "expected", "got")
        cells = [("ok" if r["ok"] else "✗", r["what"], r["expected"], r["got"]) for r in rows]
        widths = [max(len(str(row[i])) for row in [header, *cells]) for i in range(3)]
        for row in [header, *cells]:
            lines.append("  ".join(str(cell).ljust(w) for cell, w in zip(row, [*widths, 0])).rstrip())
    if check.get("error"):
        lines.append(check["error"]["traceback"].rstrip())
    if check.get("hint"):
        source = (
            "diagnosed from this case" if check.get("diagnosed") else f"the mistake {check.get('mistake')!r}"
        )
        lines.append(f"likely cause ({source}): {check['hint']}")
    return "\n".join(lines)


def verdict_text(verdict: dict) -> str:
    """A whole verdict in words: its summary, then every failed check as a table."""
    parts = [verdict.get("summary", "")]
    parts += [failure_table(c) for c in verdict.get("checks", []) if not c["passed"]]
    if verdict.get("error"):
        parts.append(verdict["error"].get("traceback") or "")
    return "\n".join(p for p in parts if p)


class _Places:
    """file:line of the parts of one grader, relative to the course's folder."""

    def __init__(self, grader: ModuleType, root: Path, fence: str) -> None:
        self.root = root
        self.fence = fence
        self.file = Path(getattr(grader, "__file__", None) or "").resolve()
        self.source = self.file.read_text() if self.file.is_file() else ""

    def line_of(self, text: str) -> int:
        """The first line of the grader's source that contains text (1 when none does)."""
        for n, line in enumerate(self.source.splitlines(), 1):
            if text in line:
                return n
        return 1

    def at(self, line: int) -> str:
        return f"{relative(self.file, self.root)}:{line}"

    def solution(self) -> str:
        return self.at(self.line_of("SOLUTION ="))

    def check(self, chk: Check) -> str:
        code = getattr(chk.make, "__code__", None)
        return self.at(code.co_firstlineno) if code else self.at(1)

    def mistake(self, mistake: Mistake) -> str:
        """The line that names the mistake, in MISTAKES (quoted either way)."""
        start = self.line_of("MISTAKES")
        lines = self.source.splitlines()
        for n in range(start, len(lines) + 1):
            if f'"{mistake.name}"' in lines[n - 1] or f"'{mistake.name}'" in lines[n - 1]:
                return self.at(n)
        return self.at(start)

    def trimmed(self, traceback_text: str) -> str:
        """The traceback from the grader's first frame on (the harness's frames say nothing to an
        author), with paths relative to the course's folder."""
        lines = traceback_text.rstrip().splitlines()
        start = next(
            (
                n
                for n, line in enumerate(lines)
                if (m := FRAME.search(line)) and Path(m["file"]).resolve() == self.file
            ),
            max(0, len(lines) - 12),
        )
        text = "\n".join(lines[start:])
        return text.replace(str(self.root.resolve()) + "/", "")

    def crash(self, traceback_text: str) -> str:
        """The grader's deepest line in a traceback (else the deepest line of any file)."""
        frames = [(m["file"], int(m["line"])) for m in FRAME.finditer(traceback_text)]
        mine = [f for f in frames if Path(f[0]).resolve() == self.file]
        file, line = (mine or frames or [(str(self.file), 1)])[-1]
        return f"{relative(file, self.root)}:{line}"


def _crashed(verdict: dict, who: str, places: _Places) -> list[Broken]:
    if verdict.get("reason") != "grader":
        return []
    error = verdict.get("error") or {}
    trace = error.get("traceback") or ""
    return [
        Broken(
            places.crash(trace),
            f"the grader crashed while checking {who}: {error.get('type')}: {error.get('message')}",
            f"(lab at {places.fence})\n" + places.trimmed(trace),
        )
    ]


def _grade(grader: ModuleType, code: str, seed: int) -> dict:
    return grade(grader, code, seed=seed)


def _solution_passes(verdict: dict, grader: ModuleType, seed: int, places: _Places) -> list[Broken]:
    if verdict["verdict"] == "pass":
        return []
    if verdict["verdict"] == "error":
        return [
            Broken(
                places.solution(), f"the SOLUTION does not run: {verdict['summary']}", verdict_text(verdict)
            )
        ]
    checks = {c.name: c for c in checks_of(grader)}
    return [
        Broken(
            places.check(checks[c["name"]]) if c["name"] in checks else places.solution(),
            f"the SOLUTION fails the check {c['name']!r} (seed {seed}; lab at {places.fence})",
            failure_table(c),
        )
        for c in verdict["checks"]
        if not c["passed"]
    ]


def _starting_code_fails(verdict: dict, seed: int, places: _Places) -> list[Broken]:
    if verdict["verdict"] == "pass":
        return [
            Broken(
                places.fence,
                f"the starting code passes every check (seed {seed}): leave the learner the lab's work to do",
            )
        ]
    return []


def _answer_fits_starting_code(run: Grade, grader: ModuleType, starting_code: str, seed: int, places) -> list:
    """The starting code with SOLUTION's version of what the learner writes passes, its demo lines clean."""
    try:
        code = filled_in(starting_code, grader.SOLUTION, writes(grader))
    except (DriftError, SyntaxError) as e:
        return [Broken(places.fence, f"the starting code and SOLUTION drifted apart: {e}")]
    verdict = run(grader, code, seed)
    if verdict.get("reason") == "grader":
        return _crashed(verdict, "the starting code with SOLUTION's answer", places)
    answer = ", ".join(writes(grader))
    if verdict["verdict"] != "pass":
        return [
            Broken(
                places.fence,
                f"the starting code with SOLUTION's {answer} put in does not pass (seed {seed}): the given "
                "parts of the starting code and SOLUTION drifted apart, so a correct answer fails",
                verdict_text(verdict),
            )
        ]
    if verdict.get("raised"):
        return [
            Broken(
                places.fence,
                f"with SOLUTION's {answer} put in, the starting code's demo lines raise "
                f"{verdict['raised']['type']}",
                verdict["raised"]["traceback"],
            )
        ]
    return []


def _mistake_earns_its_feedback(verdict: dict, mistake: Mistake, seed: int, places: _Places) -> list[Broken]:
    where = places.mistake(mistake)
    if verdict["verdict"] == "pass":
        return [
            Broken(
                where,
                f"the mistake {mistake.name!r} passes every check (seed {seed}): add a check it fails, "
                "or drop it",
            )
        ]
    if verdict["verdict"] == "error":
        return [
            Broken(
                where,
                f"the mistake {mistake.name!r} is an error, not a failure: {verdict['summary']}",
                verdict_text(verdict),
            )
        ]
    matched = [c for c in verdict["checks"] if c.get("mistake") == mistake.name]
    if not matched:
        others = sorted({str(c.get("mistake")) for c in verdict["checks"] if not c["passed"]})
        return [
            Broken(
                where,
                f"the mistake {mistake.name!r} fails (seed {seed}) but earns the feedback of "
                f"{', '.join(others)}, not its own: it fails exactly like an earlier mistake; "
                "tell them apart with a check, or drop one",
                verdict_text(verdict),
            )
        ]
    for part in re.split(r"\{(?:name|expected|got)\}", mistake.feedback):
        if part.strip() not in matched[0].get("hint", ""):
            return [Broken(where, f"the mistake {mistake.name!r} shows feedback that is not its own text")]
    return []


def _cases_draw(grader: ModuleType, places: _Places) -> list[Broken]:
    broken = []
    for chk in checks_of(grader):
        try:
            cases = {repr(chk.make(random.Random(seed))) for seed in DRAW_SEEDS}
        except Exception as e:  # the grader's own bug: point at its line
            import traceback

            trace = "".join(traceback.format_exception(type(e), e, e.__traceback__))
            broken.append(
                Broken(places.crash(trace), f"the check {chk.name!r} crashed: {e!r}", places.trimmed(trace))
            )
            continue
        if len(cases) == 1:
            broken.append(
                Broken(
                    places.check(chk),
                    f"the check {chk.name!r} makes the same case from every seed: draw its numbers from rng, "
                    "so hidden cases change with every attempt",
                )
            )
    return broken


def _unique(broken: list[Broken]) -> list[Broken]:
    seen: dict[tuple[str, str], Broken] = {}
    for b in broken:
        seen.setdefault((b.where, b.what), b)
    return list(seen.values())
