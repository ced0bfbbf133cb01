"""Grading labs: the format of a grader, and the harness that runs learner code against it.

A lab is a fence ```python lab="my-lab" in a lesson (its content is the starting code). Its grader
is lab_checks/my_lab.py, a plain module that defines:

    TITLE      str: the lab's title (the lab's heading and accessible name).
    HINTS      list of at least 3 str, from a gentle nudge to nearly the answer; `code` in backticks.
    SOLUTION   str: reference code that passes (the Solution button shows it).
    MISTAKES   list of at least 4 Mistake(name, code, feedback): wrong solutions learners really
               write. code is the whole wrong program (often mutate(SOLUTION, old, new)); feedback is
               shown when a learner's code fails a check the same way this code does. It may use
               {name}, {expected} and {got} of the first wrong value, e.g. "{name} is {got} but
               should be {expected}: is a gradient overwritten with `=` instead of added with `+=`?"
    checks     functions rng -> Case, decorated with @check("what it checks", cases=3, tol=1e-6);
               slow=True for one that trains a network: it runs last, only once the others pass.
               Each attempt draws fresh random numbers from rng; keep inputs short (round(x, 4)).
    DEFINES    optional tuple of names the learner's code must define, e.g. ("slope",). They are
               graded whenever they got defined: if lines after them (trying the lab out) raise,
               the verdict still comes, with the error beside it ("raised", "note").
    WRITES     optional tuple of what the learner writes, functions or "Class.method" (default:
               DEFINES). The starting code with SOLUTION's version of these must pass (drift.py).
A grader's module-level lists and dicts are restored after every call into learner code: build
tables at import time, not lazily.

A Case(code, expected) is code the check runs in a copy of the learner's namespace (shown to the
learner as what was tried, so make it runnable as it stands) and expected: {expression: result},
evaluated after code. A result is a number (equal within tol * max(1, |expected|)), plain data
(equal), or Satisfies("text", predicate). value_case(code, inputs, observe, reference={...}) makes
a Case about Values: each input becomes Value(x) (the learner's Value), expected values come from
engine/'s Value running the same code (reference supplies what the learner writes, e.g.
{"sigmoid": Value.sigmoid}), and each observed input gradient is confirmed by a central difference,
so a grader cannot expect a wrong number (GraderError).

A failing case is matched against the known mistakes by behaviour: the first mistake whose code
fails the same case with the same values (or the same exception type) lends its feedback. When none
matches, diagnosis.py reads a likely cause from the case's own evidence (the learner's line and what
it handed the course's code, an argument off by one or transposed, the first wrong node of the
graph, every gradient 0, a constant factor, numbers shifted or transposed), or says nothing when
nothing fits.

    @check("a * b: value and gradients")
    def product(rng):
        a, b = (round(rng.uniform(-3, 3), 4) for _ in range(2))
        return value_case("L = a * b\\nL.backward()", {"a": a, "b": b}, ["L.data", "a.grad", "b.grad"])

grade(grader, code) runs code in a fresh namespace, then every check, in a sandbox (see
sandbox.py: builtins, math, engine and the graders are put back as the check found them after every
call into learner code; exceptions, SystemExit included, fail the case; KeyboardInterrupt stops the
check). The verdict:

    {"verdict": "pass" | "fail" | "error", "summary": str, "lab": id, "seed": int, "ms": float,
     "printed": what the code printed, "error": {type, message, line, traceback} (when "error"),
     "raised": {type, message, line, traceback} and "note": str, when the code raised after DEFINES,
     "reason": "interrupted" | "grader" (some errors),
     "checks": [{"name", "passed", "cases": how many ran, "tol",
                 when failed: "tried": code, "rows": [{"what", "expected", "got", "ok"}],
                 "error": {...} if it raised, "hint": feedback, "mistake": name, if one matched,
                 or "hint": a likely cause and "diagnosed": True, read from the case's evidence,
                 and "picture" when that cause names a node of the learner's graph: the course's
                 graph with the learner's numbers, the node's index and "data" or "grad" (the
                 worker draws it: one picture a verdict),
                 "skipped": True for a slow check not run because an earlier check failed}]}

`make check-labs` holds every grader to its word: SOLUTION passes, the lesson's starting code fails,
and every mistake fails with its own feedback; the browser tests do the same through the page.
"""

from lab_checks.grading.harness import grade
from lab_checks.grading.model import Case, Check, Mistake, Satisfies, check, checks_of, mutate
from lab_checks.grading.registry import lab_ids, load, problems
from lab_checks.grading.values import GraderError, value_case

__all__ = [
    "Case",
    "Check",
    "GraderError",
    "Mistake",
    "Satisfies",
    "check",
    "checks_of",
    "grade",
    "lab_ids",
    "load",
    "mutate",
    "problems",
    "value_case",
]
