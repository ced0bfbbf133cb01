"""Learner results as plain data, compared with what was expected, and shown in words."""

import math

from lab_checks.grading.model import Judge
from lab_checks.grading.sandbox import Returned, Sandbox

SHOWN_CHARS = 200
MAX_ITEMS = 1000


class Other:
    """A result that is not plain data (a function, a Value, ...): its type's name and its repr."""

    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Other) and other.kind == self.kind


def plain(value: object, sandbox: Sandbox, depth: int = 0) -> object:
    """value as numbers, str, bool, None, lists and str-keyed dicts; anything else becomes Other.

    Only exact built-in types count (a subclass could lie about its value), so no learner code runs
    here except, inside the sandbox, the repr of an Other.
    """
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind in (list, tuple) and depth < 4 and len(value) <= MAX_ITEMS:
        return [plain(v, sandbox, depth + 1) for v in value]
    if kind is dict and depth < 4 and len(value) <= MAX_ITEMS and all(type(k) is str for k in value):
        return {k: plain(v, sandbox, depth + 1) for k, v in value.items()}
    return _other(value, sandbox)


def _other(value: object, sandbox: Sandbox) -> Other:
    outcome = sandbox.call(lambda: (type(value).__name__, repr(value)))
    if isinstance(outcome, Returned) and type(outcome.value) is tuple:
        name, text = outcome.value
        if type(name) is str and type(text) is str:
            if len(text) > SHOWN_CHARS:
                text = text[:SHOWN_CHARS] + "…"
            return Other(name, text)
    return Other("object", "an object whose repr() failed")


def is_number(x: object) -> bool:
    return type(x) in (int, float)


def close(expected: float, got: object, tol: float) -> bool:
    """got is a number within tol * max(1, |expected|) of expected."""
    if not is_number(got):
        return False
    try:
        return abs(float(got) - expected) <= tol * max(1.0, abs(expected))
    except OverflowError:  # an int too large for a float
        return False


def agrees(expected: object, got: object, tol: float) -> bool:
    """Does got meet expected: a number within tol, a Judge's test, or equal plain data?"""
    if isinstance(expected, Judge):
        try:
            return not isinstance(got, Other) and bool(expected.accepts(got))
        except Exception:
            return False
    if is_number(expected):
        return close(expected, got, tol)
    return type(got) is type(expected) and got == expected


def alike(a: object, b: object, tol: float) -> bool:
    """Two results equal up to rounding (numbers within tol of the larger), or Others of one type."""
    if is_number(a) and is_number(b):
        try:
            x, y = float(a), float(b)
        except OverflowError:
            return a == b
        return x == y or abs(x - y) <= tol * max(abs(x), abs(y))
    if isinstance(a, Other) or isinstance(b, Other):
        return isinstance(a, Other) and a == b
    return type(a) is type(b) and a == b


def show(x: object) -> str:
    """A result in words: 10 significant digits for numbers, repr for data, kind and repr for others."""
    if isinstance(x, Judge):
        return x.text
    if isinstance(x, Other):
        return f"{x.text} (a {x.kind})"
    if type(x) is float:
        if math.isnan(x) or math.isinf(x):
            return repr(x)
        return f"{x:.10g}"
    text = repr(x)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"
