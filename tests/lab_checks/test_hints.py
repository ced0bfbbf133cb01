"""Hints point and the Solution gives: no hint of any lab holds the whole body of one of its solution's
functions (a one-statement function's line quoted in a hint would be the answer itself)."""

import ast
import re

import pytest

from lab_checks import grading


def single_statement_bodies(solution: str) -> list[str]:
    """The source of every function of the solution whose body (its docstring aside) is one statement."""
    tree = ast.parse(solution)
    bodies = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0]
            docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            body = node.body[docstring:]
            if len(body) == 1:
                bodies.append(" ".join(ast.get_source_segment(solution, body[0]).split()))
    return bodies


@pytest.mark.parametrize("lab", grading.lab_ids())
def test_no_hint_is_the_whole_answer(lab: str) -> None:
    grader = grading.load(lab)
    quoted = {" ".join(code.split()) for hint in grader.HINTS for code in re.findall(r"`([^`]+)`", hint)}
    given = [body for body in single_statement_bodies(grader.SOLUTION) if body in quoted]
    assert not given, f"lab {lab}: a hint quotes the whole of {given}; let the last hint point, not give"
