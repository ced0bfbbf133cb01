"""gpt.model's fused nodes (dot, cross_entropy, rmsnorm's scale) against gpt.plain's node-per-operation
pieces: the same numbers exactly, the same gradients within 1e-12, for each piece and for the whole GPT."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Value
from engine.graph import values_in_order
from gpt import model as fused
from gpt import plain
from gpt.train import training_order
from tests.engine.gradcheck import check_gradients

numbers = st.lists(st.floats(-5, 5), min_size=1, max_size=8)
GRAD_TOLERANCE = 1e-12  # the order of a few additions differs; nothing else does


def gradients_of(piece, xs: list[float], *args) -> tuple[float, list[float]]:
    """A piece's output number (a mix of its outputs, so each one counts) and the gradients of its inputs."""
    inputs = [Value(x) for x in xs]
    out = piece(inputs, *args)
    outs = out if isinstance(out, list) else [out]
    mix = sum((1.0 + i) * y for i, y in enumerate(outs))
    mix.backward()
    return [y.data for y in outs], [v.grad for v in inputs]


def assert_same(fused_piece, plain_piece, xs: list[float], *args) -> None:
    numbers_f, grads_f = gradients_of(fused_piece, xs, *args)
    numbers_p, grads_p = gradients_of(plain_piece, xs, *args)
    assert numbers_f == numbers_p  # bit for bit: the same float operations in the same order
    assert grads_f == pytest.approx(grads_p, rel=GRAD_TOLERANCE, abs=GRAD_TOLERANCE)


@given(numbers, numbers)
def test_dot_is_the_sum_of_products(ws, xs):
    n = min(len(ws), len(xs))
    assert_same(lambda v: fused.dot(v[:n], v[n:]), lambda v: plain.dot(v[:n], v[n:]), ws[:n] + xs[:n])


@given(numbers)
def test_dot_with_plain_numbers_keeps_them_as_constants(xs):
    weights = [Value(x) for x in xs]
    node = fused.dot(weights, [2.0] * len(xs))
    assert list(node._prev) == weights and list(node._local_grads) == [2.0] * len(xs)
    assert_same(lambda v: fused.dot(v, [2.0] * len(v)), lambda v: plain.dot(v, [2.0] * len(v)), xs)


@given(st.lists(st.floats(-30, 30), min_size=2, max_size=8), st.data())
def test_cross_entropy_is_minus_log_softmax(xs, data):
    target = data.draw(st.integers(0, len(xs) - 1))
    assert_same(fused.cross_entropy, plain.cross_entropy, xs, target)


@given(st.lists(st.floats(-3, 3), min_size=2, max_size=8), st.data())
def test_cross_entropys_local_gradients_are_p_minus_onehot(xs, data):
    target = data.draw(st.integers(0, len(xs) - 1))

    def on_floats(*x):
        top = max(x)
        return -math.log(math.exp(x[target] - top) / sum(math.exp(v - top) for v in x))

    check_gradients(lambda *v: fused.cross_entropy(list(v), target), on_floats, *xs)


@given(st.lists(st.floats(-10, 10), min_size=2, max_size=8))
def test_rmsnorm_with_one_scale_node(xs):
    assert_same(fused.rmsnorm, plain.rmsnorm, xs)


@pytest.mark.parametrize("name", ["al", "emma", "christopherjohn"])
def test_the_fused_gpt_is_the_plain_gpt_with_fewer_nodes(name):
    ours, theirs = fused.GPT(seed=42), plain.PlainGPT(seed=42)
    loss, plain_loss = ours.loss(name), theirs.loss(name)
    assert loss.data == plain_loss.data
    loss.backward()
    plain_loss.backward()
    grads = [p.grad for p in ours.parameters()]
    plain_grads = [p.grad for p in theirs.parameters()]
    assert grads == pytest.approx(plain_grads, rel=GRAD_TOLERANCE, abs=GRAD_TOLERANCE)
    assert sum(g != 0 for g in grads) > 2000
    assert len(values_in_order(loss)) * 4 < len(values_in_order(plain_loss))


def test_training_steps_are_the_plain_gpts():
    ours, theirs = fused.GPT(seed=42), plain.PlainGPT(seed=42)
    adams = fused.Adam(ours.parameters()), fused.Adam(theirs.parameters())
    for name in training_order()[:3]:
        a = fused.train_step(ours, adams[0], name, lr=0.01)
        b = fused.train_step(theirs, adams[1], name, lr=0.01)
        assert a == pytest.approx(b, rel=1e-12)
    weights = [p.data for p in theirs.parameters()]
    assert [p.data for p in ours.parameters()] == pytest.approx(weights, rel=1e-9)
