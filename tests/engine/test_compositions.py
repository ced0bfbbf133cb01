"""Random compositions of every operation backpropagate the slopes of their central differences."""

import re

import pytest
from hypothesis import assume, find, given, settings
from hypothesis.errors import NoSuchExample

from tests.engine.expressions import expressions, largest_magnitude, smooth_around
from tests.engine.gradcheck import check_gradients
from tests.engine.operations import BINARY, UNARY


@settings(max_examples=400)
@given(expressions())
def test_random_expression(case):
    expr, xs = case
    assume(smooth_around(expr, xs))
    check_gradients(
        lambda *values: expr.evaluate(values),
        lambda *floats: expr.evaluate(floats),
        *xs,
        scale=largest_magnitude(expr, xs),
    )


KINDS = [op.name for op in UNARY + BINARY] + ["shared node", "number on the left"]
PATTERNS = {
    "shared node": r"\(s [-+*/] s for",
    "number on the left": r"\([-\d]",  # 2.5 - x0, the reflected forms
}


def kinds_in(text: str) -> set[str]:
    """The kinds of operation an expression's repr shows."""
    found = set()
    for name in KINDS:
        op = re.escape(name)
        if re.search(PATTERNS.get(name, rf"{op}\(|\){op}(?![\d.])| {op} "), text):
            found.add(name)
    return found


@pytest.mark.slow
def test_the_generator_reaches_every_operation():
    """The expressions above are not stuck on a few kinds of operation: one search until all are seen."""
    seen: set[str] = set()

    def all_seen(case) -> bool:
        seen.update(kinds_in(repr(case[0])))
        return seen == set(KINDS)

    try:
        find(expressions(), all_seen, settings=settings(max_examples=5000))
    except NoSuchExample:
        pytest.fail(f"never generated: {sorted(set(KINDS) - seen)}")
