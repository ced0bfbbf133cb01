"""Starting code and solution cannot drift: the starting code with the solution's answer put in must pass.

A lab is written twice, its starting code in the lesson and SOLUTION in the grader. What the learner
writes is named by the grader's WRITES (default: DEFINES): functions, or methods as "Class.method".
filled_in() puts SOLUTION's version of each into the starting code and keeps everything else, so a
starting code that lost something the answer relies on (say `__rmul__`) fails its own grader here,
before a learner's correct answer fails it in the page.
"""

import ast
from types import ModuleType

DEFINITION = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class DriftError(ValueError):
    """A definition the learner writes is not in the starting code or the solution."""


def writes(grader: ModuleType) -> tuple[str, ...]:
    """The definitions the learner writes: WRITES, else DEFINES."""
    return tuple(getattr(grader, "WRITES", None) or getattr(grader, "DEFINES", ()))


def filled_in(starting_code: str, solution: str, names: tuple[str, ...]) -> str:
    """starting_code with each named definition replaced by solution's (the lines between kept)."""
    lines = starting_code.splitlines(keepends=True)
    theirs = solution.splitlines(keepends=True)
    spans = sorted(((_span(starting_code, n, "the starting code"), n) for n in names), reverse=True)
    for (start, end), name in spans:  # from the bottom up, so earlier line numbers stay right
        first, last = _span(solution, name, "SOLUTION")
        lines[start:end] = theirs[first:last]
    return "".join(lines)


def _span(code: str, dotted: str, where: str) -> tuple[int, int]:
    """Lines [start, end) of the definition dotted ("f" or "Class.method"), decorators included."""
    body = ast.parse(code).body
    node = None
    for part in dotted.split("."):
        node = next((n for n in body if isinstance(n, DEFINITION) and n.name == part), None)
        if node is None:
            raise DriftError(f"{where} has no definition of {dotted} (the grader's WRITES names it)")
        body = node.body
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return first - 1, node.end_lineno
