"""grade(): run a learner's code against a grader's checks and known mistakes; the verdict as JSON data."""

import builtins
import linecache
import random
import time
import traceback
from collections.abc import Callable, Iterable
from functools import lru_cache
from types import CodeType, ModuleType

from lab_checks.grading.diagnosis import Evidence, likely_cause
from lab_checks.grading.model import Case, Check, Mistake, Satisfies, checks_of
from lab_checks.grading.observe import Other, agrees, is_number, only_zeros, plain, show
from lab_checks.grading.registry import lab_id_of
from lab_checks.grading.sandbox import Raised, Sandbox
from lab_checks.grading.tracebacks import CHECK_FILE, LEARNER_FILE

OBSERVED = "__observed__"  # what a probe names the results of the expressions it observes
TRACEBACK_CHARS = 4000
SOLUTION_NAME = " the solution"  # kept among the mistakes' namespaces; no mistake's name starts with a space
Explain = Callable[[BaseException], dict]


def plain_explain(error: BaseException) -> dict:
    """A traceback as the standard library prints it (the worker passes its learner-terms one)."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return {"type": type(error).__name__, "message": str(error), "line": None, "traceback": text}


def grade(
    grader: ModuleType,
    code: str,
    *,
    seed: int | None = None,
    explain: Explain = plain_explain,
    explain_syntax: Explain = plain_explain,
    extra_names: dict | None = None,
) -> dict:
    """The verdict on code for this grader: {"verdict": "pass"|"fail"|"error", "summary", "checks", ...}."""
    started = time.perf_counter()
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    box = Sandbox(grader)
    try:
        verdict = _grade(grader, code, random.Random(seed), box, explain, explain_syntax, extra_names or {})
    except KeyboardInterrupt:
        verdict = {
            "verdict": "error",
            "reason": "interrupted",
            "summary": "The check was stopped before it finished (KeyboardInterrupt).",
            "checks": [],
        }
    except Exception as e:  # a bug in the grader, not in the learner's code: say so, for the author
        verdict = _error(
            "The lab's grader failed; this is a bug in the course, not in your code.", plain_explain(e)
        )
        verdict["reason"] = "grader"
    finally:
        printed = box.printed.text()
        box.end()
    verdict.update(lab=lab_id_of(grader.__name__), seed=seed, printed=printed)
    verdict["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return verdict


def _grade(grader, code, rng, box: Sandbox, explain: Explain, explain_syntax: Explain, extra: dict) -> dict:
    try:
        compiled = compile(code, LEARNER_FILE, "exec")
    except SyntaxError as e:
        error = explain_syntax(e)
        return _error(
            f"Your code has a SyntaxError on line {error.get('line')}: {error.get('message')}.", error
        )
    _remember_source(LEARNER_FILE, code)
    namespace = box.keep({"__name__": "__main__", "__builtins__": builtins, **extra})
    outcome = box.run(compiled, namespace)
    defines = tuple(getattr(grader, "DEFINES", ()))
    missing = [n for n in defines if n not in namespace]
    raised = None
    if isinstance(outcome, Raised):
        raised = _describe(outcome.error, box, explain)
        if missing or not defines:
            return _error(_raised_before(raised, missing), raised)
    if missing:
        names = ", ".join(f"`{n}`" for n in missing)
        return _error(f"Your code does not define {names}, which this lab asks for.", None)
    mistakes = _Mistakes(grader.MISTAKES, box, defines, getattr(grader, "SOLUTION", None))
    results = []
    for chk in checks_of(grader):
        if chk.slow and any(not r["passed"] for r in results):
            results.append({"name": chk.name, "passed": False, "skipped": True, "cases": 0, "tol": chk.tol})
        else:
            results.append(_run_check(chk, rng, namespace, box, mistakes, explain))
    failed = [r for r in results if not r["passed"] and not r.get("skipped")]
    skipped = len(results) - len(failed) - sum(1 for r in results if r["passed"])
    cases = sum(r["cases"] for r in results)
    if failed:
        summary = f"Not yet: {len(failed)} of {_count(len(results), 'check')} failed."
        if skipped:
            summary += f" {_count(skipped, 'slow check')} will run once the others pass."
    else:
        every = "all " if len(results) > 1 else ""
        summary = f"Passed: {every}{_count(len(results), 'check')}, on {_count(cases, 'hidden random case')}."
    verdict = {"verdict": "fail" if failed else "pass", "summary": summary, "checks": results}
    if raised:  # the lines after the lab's definitions (trying them out) raised: said beside the verdict
        verdict["raised"] = raised
        verdict["note"] = _raised_after(raised, defines)
    return verdict


def _raised_before(error: dict, missing: list[str]) -> str:
    where = f" on line {error['line']}" if error.get("line") else ""
    if not missing:
        return f"Your code raised {error['type']}{where} before any check could run."
    names = ", ".join(f"`{n}`" for n in missing)
    return f"Your code raised {error['type']}{where} before it defined {names}, so nothing could be checked."


def _raised_after(error: dict, defines: tuple) -> str:
    where = f" on line {error['line']}" if error.get("line") else ""
    names = ", ".join(f"`{n}`" for n in defines)
    return (
        f"Your code also raised {error['type']}{where}, after it defined {names}: the checks ran on "
        "those definitions; the traceback is in the Output above."
    )


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _run_check(chk: Check, rng, namespace: dict, box: Sandbox, mistakes, explain: Explain) -> dict:
    tol = chk.tol
    for n in range(1, chk.cases + 1):
        case = chk.make(rng)
        tol = chk.tol if case.tol is None else case.tol
        got = _observe(case, namespace, box)
        error = None
        if isinstance(got, Raised):
            _remember_source(CHECK_FILE, probe(case.code, case.expected))
            error = _describe(got.error, box, explain)
        rows = _rows(case, got, tol, error)
        if error or not all(r["ok"] for r in rows):
            result = {
                "name": chk.name,
                "passed": False,
                "cases": n,
                "tried": case.code,
                "tol": tol,
                "rows": rows,
            }
            if error:
                result["error"] = error
            mistake = None if chk.slow else mistakes.matching(case, got, tol)
            if mistake is not None:
                result["hint"] = _feedback(mistake, rows)
                result["mistake"] = mistake.name
            else:
                cause = likely_cause(_evidence(case, got, tol, namespace, box, mistakes, chk.slow))
                if cause:
                    result["hint"] = cause.text
                    result["diagnosed"] = True
                    if cause.picture:
                        result["picture"] = cause.picture
            return result
    return {"name": chk.name, "passed": True, "cases": chk.cases, "tol": tol}


def _evidence(case: Case, got, tol: float, namespace: dict, box: Sandbox, mistakes, slow: bool) -> Evidence:
    """What a failing case shows, for a likely cause when no known mistake matched it."""
    return Evidence(
        case=case,
        got=got,
        tol=tol,
        box=box,
        mine=namespace,
        solution=mistakes.solution,
        observe=lambda c, names: _observe(c, names, box, quiet=True),
        replay=lambda c, names: _replay(c, names, box),
        defines=mistakes.defines,
        quick=slow,
    )


def _replay(case: Case, namespace: dict, box: Sandbox) -> dict | None:
    """The names after the case ran again with these names (a copy), quietly; None if it raised."""
    scope = box.keep(dict(namespace))
    outcome = box.run(compiled(case.code, CHECK_FILE), scope, quiet=True)
    return None if isinstance(outcome, Raised) else scope


def probe(code: str, expressions: Iterable[str]) -> str:
    """code, then a line that binds OBSERVED to a tuple of the expressions' results."""
    return code + f"\n{OBSERVED} = ({', '.join(expressions)},)\n"


@lru_cache(maxsize=256)
def compiled(code: str, filename: str) -> CodeType:
    """compile(code, filename, "exec"), once for code met again (a known mistake, a reference run)."""
    return compile(code, filename, "exec")


def _observe(case: Case, namespace: dict, box: Sandbox, quiet: bool = False):
    """Run the case with these names (a copy, so the case cannot clobber them): plain results or Raised."""
    scope = box.keep(dict(namespace))
    code = compile(probe(case.code, case.expected), CHECK_FILE, "exec")
    outcome = box.run(code, scope, quiet=quiet)
    if isinstance(outcome, Raised):
        return outcome
    observed = scope.get(OBSERVED)
    values = plain(observed, box)
    if type(values) is not list or len(values) != len(case.expected):
        return [Other("object", "nothing")] * len(case.expected)
    return values


def _rows(case: Case, got, tol: float, error: dict | None) -> list[dict]:
    """Each expression: expected and got in words; when the case raised, what it raised instead."""
    if error:
        raised = f"raised {error['type']}"
        return [
            {"what": e, "expected": show(x), "got": raised, "ok": False} for e, x in case.expected.items()
        ]
    rows = []
    for (expr, expected), value in zip(case.expected.items(), got):
        shown = show(value)
        if is_number(expected) and not is_number(value):
            shown += ", not a number"
        ok = agrees(expected, value, tol)
        if not ok and isinstance(expected, Satisfies) and expected.why is not None:
            shown += _why(expected, value)
        rows.append({"what": expr, "expected": show(expected), "got": shown, "ok": ok})
    return rows


def _why(wanted: Satisfies, value) -> str:
    """What follows a rejected result: ": what is wrong with it" in the grader's words, or nothing."""
    if isinstance(value, Other):
        return ""
    try:
        reason = wanted.why(value)
    except Exception:  # the grader's explanation is a courtesy; a bug in it must not cost the verdict
        return ""
    return f": {reason}" if type(reason) is str and reason else ""


def _feedback(mistake: Mistake, rows: list[dict]) -> str:
    wrong = next((r for r in rows if not r["ok"]), None)
    text = mistake.feedback
    if wrong:
        for key in ("name", "expected", "got"):
            text = text.replace("{" + key + "}", wrong["what"] if key == "name" else wrong[key])
    return text


class _Mistakes:
    """The grader's known mistakes, each loaded (once per check) the first time a failure needs them.

    A mistake that failed a case differently from the learner's code cannot be what that code does:
    it is ruled out for the later checks, which replay only the mistakes still in the running (and a
    slow check none), so a wrong answer gets its verdict about as fast as a right one.
    """

    def __init__(
        self, mistakes: list[Mistake], box: Sandbox, defines: tuple = (), solution: str | None = None
    ) -> None:
        self.mistakes = list(mistakes)
        self.solution_code = solution
        self.box = box
        self.defines = defines
        self.namespaces: dict[str, dict | None] = {}
        self.ruled_out: set[str] = set()

    def namespace(self, mistake: Mistake) -> dict | None:
        if mistake.name not in self.namespaces:
            namespace = self.box.keep({"__name__": "__main__", "__builtins__": builtins})
            outcome = self.box.run(compiled(mistake.code, LEARNER_FILE), namespace, quiet=True)
            # like the learner's code: what it defines counts, even when lines after it raised
            defined = all(n in namespace for n in self.defines) if self.defines else False
            self.namespaces[mistake.name] = namespace if not isinstance(outcome, Raised) or defined else None
        return self.namespaces[mistake.name]

    def solution(self) -> dict | None:
        """The names the lab's solution defines (a likely cause compares with them), loaded once."""
        if type(self.solution_code) is not str:
            return None
        return self.namespace(Mistake(SOLUTION_NAME, self.solution_code, ""))

    def matching(self, case: Case, got, tol: float) -> Mistake | None:
        """The first mistake still in the running that fails this case exactly as the learner's code did."""
        for mistake in self.mistakes:
            if mistake.name in self.ruled_out:
                continue
            namespace = self.namespace(mistake)
            if namespace is None:
                continue
            theirs = _observe(case, namespace, self.box, quiet=True)
            if _same_failure(got, theirs, case, tol):
                return mistake
            self.ruled_out.add(mistake.name)
        return None


def _same_failure(got, theirs, case: Case, tol: float) -> bool:
    if isinstance(got, Raised) or isinstance(theirs, Raised):
        return (
            isinstance(got, Raised) and isinstance(theirs, Raised) and type(got.error) is type(theirs.error)
        )
    fails = not all(agrees(e, v, tol) for e, v in zip(case.expected.values(), theirs))
    if only_zeros(got) and not only_zeros(theirs):
        return False  # zeros where the mistake gives tiny numbers: nothing computed (`return 0.0`), not it
    return fails and all(agrees(t, g, tol) for g, t in zip(got, theirs))


def _describe(error: BaseException, box: Sandbox, explain: Explain) -> dict:
    """explain(error) from the learner's first frame on, run in the sandbox (str(error) is their code)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename not in (LEARNER_FILE, CHECK_FILE):
        tb = tb.tb_next
    if tb is not None:
        error.__traceback__ = tb
    outcome = box.call(explain, error)
    described = getattr(outcome, "value", None)
    if type(described) is dict and all(type(described.get(k)) is str for k in ("type", "traceback")):
        text = described["traceback"]
        if len(text) > TRACEBACK_CHARS:
            text = text[:TRACEBACK_CHARS] + "\n…"
        message = described.get("message")
        line = described.get("line")
        return {
            "type": described["type"],
            "message": message if type(message) is str else "",
            "line": line if type(line) is int else None,
            "traceback": text,
        }
    name = type(error).__name__
    return {
        "type": name,
        "message": "",
        "line": None,
        "traceback": f"{name} (its details could not be shown)",
    }


def _error(summary: str, error: dict | None) -> dict:
    return {"verdict": "error", "summary": summary, "checks": [], "error": error}


def _remember_source(filename: str, code: str) -> None:
    """Tracebacks quote lines from linecache; these files exist only in memory."""
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
