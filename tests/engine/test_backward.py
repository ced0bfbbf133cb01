"""backward(): known results, accumulation, depth, repeated calls and determinism."""

import subprocess
import sys

import pytest
from micrograd.engine import Value as MicrogradValue

from engine import Value, topological_order
from tests.repo import ROOT


def test_seed_example():
    a = Value(2.0)
    b = Value(3.0)
    L = a * b + a
    L.backward()
    assert (L.data, a.grad, b.grad, L.grad) == (8.0, 4.0, 2.0, 1.0)


def test_micrograd_sanity_check_matches_pytorch():
    """micrograd's test_engine.py::test_sanity_check, with the numbers PyTorch gives there."""
    x = Value(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    assert (y.data, x.grad) == (-20.0, 46.0)


def test_micrograd_more_ops_matches_pytorch():
    """micrograd's test_engine.py::test_more_ops, with the numbers PyTorch gives there."""
    a = Value(-4.0)
    b = Value(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    assert g.data == pytest.approx(24.70408163265306, abs=1e-6)
    assert a.grad == pytest.approx(138.83381924198252, abs=1e-6)
    assert b.grad == pytest.approx(645.5772594752186, abs=1e-6)


def test_a_leaf_has_gradient_one_with_respect_to_itself():
    x = Value(3.0)
    x.backward()
    assert x.grad == 1.0


def test_gradients_from_every_path_add_up():
    x = Value(3.0)
    y = x * x + x * 2 + x  # 2x + 2 + 1
    y.backward()
    assert x.grad == 9.0


def test_backward_twice_adds_the_same_leaf_gradients_again():
    x = Value(3.0)
    y = x * x * x
    y.backward()
    assert x.grad == 27.0
    y.backward()
    assert x.grad == 54.0


def test_micrograd_gets_backward_twice_wrong():
    """Why the engine zeroes inner nodes first: micrograd's stale inner gradients give 72, not 54."""
    x = MicrogradValue(3.0)
    y = x * x * x
    y.backward()
    y.backward()
    assert x.grad == 72.0


def test_backward_of_two_outputs_accumulates_on_shared_leaves():
    a, b = Value(2.0), Value(3.0)
    (a * b).backward()
    (a + b).backward()
    assert (a.grad, b.grad) == (4.0, 3.0)


@pytest.mark.slow
def test_a_million_node_chain_at_the_default_recursion_limit():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default
    try:
        x = Value(0.5)
        v = x
        for _ in range(1_000_000):
            v = -v
        v.backward()
        assert len(topological_order(v)) == 1_000_001
    finally:
        sys.setrecursionlimit(limit)
    assert (v.data, x.grad) == (0.5, 1.0)


GRADIENTS_SCRIPT = """
import sys
from engine import Value
from engine.datasets import make_moons
from engine.nn import MLP

clutter = [[] for _ in range(int(sys.argv[1]))]  # moves objects to other addresses
X, y = make_moons(30, noise=0.1, seed=0)
model = MLP(2, [8, 8, 1], seed=0)
scores = [model(list(map(Value, x))) for x in X]
loss = sum((1 + -yi * si).relu() for yi, si in zip(y, scores)) * (1.0 / len(X))
loss = loss + 1e-4 * sum(p * p for p in model.parameters())
loss.backward()
print(" ".join(float(p.grad).hex() for p in model.parameters()))
"""


def test_gradients_are_bit_identical_in_every_process():
    def gradients(hash_seed: str, clutter: int) -> str:
        env = {"PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            [sys.executable, "-c", GRADIENTS_SCRIPT, str(clutter)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return run.stdout

    first = gradients("0", 0)
    assert len(first.split()) == 2 * 8 + 8 + 8 * 8 + 8 + 8 + 1
    assert gradients("12345", 10_000) == first
