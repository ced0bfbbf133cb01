"""Learner results as plain data, compared with what was expected, and shown in words."""

import math

from lab_checks.grading.model import Satisfies
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


def only_zeros(values: list) -> bool:
    """Numbers among values, and every one of them 0: a result that computed nothing (`return 0.0`)."""
    numbers = [v for v in values if is_number(v)]
    return bool(numbers) and all(v == 0 for v in numbers)


def agrees(expected: object, got: object, tol: float) -> bool:
    """Does got meet expected: Satisfies' test, a number within tol * max(1, |expected|), or equal data?"""
    if isinstance(expected, Satisfies):
        try:
            return not isinstance(got, Other) and bool(expected.accepts(got))
        except Exception:
            return False
    if is_number(expected) and is_number(got):
        try:
            return got == expected or abs(float(got) - expected) <= tol * max(1.0, abs(expected))
        except OverflowError:  # an int too large for a float
            return False
    return type(got) is type(expected) and got == expected


def show(x: object) -> str:
    """A result in words: 10 significant digits for numbers, repr for data, kind and repr for others."""
    if isinstance(x, Satisfies):
        return x.text
    if isinstance(x, Other):
        return f"{x.text} (a {x.kind})"
    if type(x) is float:
        if math.isnan(x) or math.isinf(x):
            return repr(x)
        return f"{x:.10g}"
    text = repr(x)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"
