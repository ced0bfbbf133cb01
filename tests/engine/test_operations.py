"""Every operation's gradient matches central differences wherever the operation is smooth."""

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine import Value
from tests.engine.gradcheck import check_gradients
from tests.engine.operations import BINARY, UNARY

numbers = st.floats(-10, 10)


@pytest.mark.parametrize("op", UNARY, ids=repr)
@given(data=st.data())
def test_unary_operation(op, data):
    x = data.draw(numbers.filter(op.smooth_at), label="x")
    check_gradients(op.on_value, op.on_float, x)


@pytest.mark.parametrize("op", BINARY, ids=repr)
@given(x=numbers, y=numbers)
def test_binary_operation_on_two_values(op, x, y):
    assume(op.smooth_at(x, y))
    check_gradients(op.apply, op.apply, x, y)


@pytest.mark.parametrize("op", BINARY, ids=repr)
@given(x=numbers, c=numbers)
def test_binary_operation_with_a_number_on_the_right(op, x, c):
    assume(op.smooth_at(x, c))
    check_gradients(lambda v: op.apply(v, c), lambda x: op.apply(x, c), x)


@pytest.mark.parametrize("op", BINARY, ids=repr)
@given(c=numbers, x=numbers)
def test_reflected_operation_with_a_number_on_the_left(op, c, x):
    """2 + v, 2 - v, 2 * v, 2 / v."""
    assume(op.smooth_at(c, x))
    check_gradients(lambda v: op.apply(c, v), lambda x: op.apply(c, x), x)


@pytest.mark.parametrize("op", BINARY, ids=repr)
@given(x=numbers)
def test_binary_operation_on_one_value_twice(op, x):
    """v * v, v - v, ...: both local gradients land on the same value and must add up."""
    assume(op.smooth_at(x, x))
    check_gradients(lambda v: op.apply(v, v), lambda x: op.apply(x, x), x)


@given(x=numbers, n=st.integers(-4, 4))
def test_integer_power(x, n):
    assume(n >= 0 or abs(x) > 0.1)
    check_gradients(lambda v: v**n, lambda x: x**n, x)


@given(x=numbers, n=st.integers(-4, 4).map(float))
def test_whole_float_power_of_any_base(x, n):
    assume(n >= 0 or abs(x) > 0.1)
    check_gradients(lambda v: v**n, lambda x: x**n, x)


@given(x=st.floats(0.1, 10), n=st.floats(-3, 3))
def test_fractional_power_of_a_positive_base(x, n):
    check_gradients(lambda v: v**n, lambda x: x**n, x)


@pytest.mark.parametrize(
    "n, data, grad", [(0, 1, 0.0), (0.0, 1.0, 0.0), (1, 0, 1.0), (2, 0, 0.0), (0.5, 0.0, math.inf)]
)
def test_power_at_zero(n, data, grad):
    """x**0 is flat everywhere, and a root's slope at zero is vertical (as in PyTorch)."""
    x = Value(0)
    y = x**n
    y.backward()
    assert (y.data, x.grad) == (data, grad)


@pytest.mark.parametrize("x, grad", [(-1.0, 0.0), (0.0, 0.0), (2.0, 1.0)])
def test_relu_gradient_is_zero_at_its_kink_as_in_micrograd(x, grad):
    v = Value(x)
    v.relu().backward()
    assert v.grad == grad


@pytest.mark.parametrize("x", [-1000.0, -40.0, 40.0, 1000.0])
def test_sigmoid_and_tanh_do_not_overflow_far_out(x):
    for op in (Value.sigmoid, Value.tanh):
        v = Value(x)
        out = op(v)
        out.backward()
        assert math.isfinite(out.data) and math.isfinite(v.grad)
        assert v.grad == pytest.approx(0.0, abs=1e-15)


def test_every_operation_is_covered():
    names = {op.name for op in UNARY} | {op.name for op in BINARY}
    assert {"+", "-", "*", "/", "neg", "relu", "tanh", "exp", "log", "sigmoid"} <= names
    assert any(op.name == "**2" for op in UNARY) and any(op.name == "**0.5" for op in UNARY)
