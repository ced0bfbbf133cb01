"""The gradient checker itself: it measures slopes correctly and rejects wrong rules."""

import math

import pytest

from engine import Value
from tests.engine.gradcheck import central_difference, check_gradients


def test_central_difference_measures_known_slopes():
    f = lambda x, y: x * x * y  # noqa: E731
    assert central_difference(f, 3.0, 2.0, arg=0) == pytest.approx(12.0, rel=1e-8)
    assert central_difference(f, 3.0, 2.0, arg=1) == pytest.approx(9.0, rel=1e-8)


def test_a_right_rule_passes():
    check_gradients(Value.tanh, math.tanh, 0.5)


def test_a_wrong_local_gradient_fails():
    def tanh_with_wrong_rule(v: Value) -> Value:
        t = math.tanh(v.data)
        return Value(t, (v,), "tanh", _local_grads=(1 - t,))  # should be 1 - t**2

    with pytest.raises(AssertionError, match="central difference"):
        check_gradients(tanh_with_wrong_rule, math.tanh, 0.5)


def test_a_forgotten_child_fails():
    def mul_forgetting_its_right_child(a: Value, b: Value) -> Value:
        return Value(a.data * b.data, (a,), "*", _local_grads=(b.data,))

    with pytest.raises(AssertionError, match="central difference"):
        check_gradients(mul_forgetting_its_right_child, lambda x, y: x * y, 2.0, 3.0)


def test_a_wrong_forward_fails():
    def exp_off_by_one(v: Value) -> Value:
        return Value(math.exp(v.data) + 1, (v,), "exp", _local_grads=(math.exp(v.data),))

    with pytest.raises(AssertionError, match="forward"):
        check_gradients(exp_off_by_one, math.exp, 0.5)
