"""Random compositions of every operation backpropagate the slopes of their central differences."""

import re

import pytest
from hypothesis import assume, find, given, settings

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


@pytest.mark.parametrize("name", [op.name for op in UNARY + BINARY] + ["shared node", "number on the left"])
def test_the_generator_reaches_every_operation(name):
    """The expressions above are not stuck on a few kinds of operation."""
    patterns = {
        "shared node": r"\(s [-+*/] s for",
        "number on the left": r"\([-\d]",  # 2.5 - x0, the reflected forms
    }
    pattern = patterns.get(name, rf"{re.escape(name)}\(|\){re.escape(name)}(?![\d.])| {re.escape(name)} ")
    find(expressions(), lambda case: re.search(pattern, repr(case[0])), settings=settings(max_examples=3000))
