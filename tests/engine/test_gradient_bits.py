"""backward() adds each gradient in the same order as the engine always has: bit-identical results."""

from engine import topological_order
from engine.datasets import make_moons
from engine.nn import MLP


def reference_order(root):
    """The engine's sort before it was made faster (2026-12): a stack of (node, children done?) pairs."""
    topo, visited = [], set()
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            topo.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node._prev) if child not in visited)
    return topo


def reference_backward(root) -> None:
    """The engine's backward() before it was made faster, on the reference order."""
    topo = reference_order(root)
    for v in topo:
        if v._prev:
            v.grad = 0.0
    root.grad = 1.0
    for v in reversed(topo):
        for child, local in zip(v._prev, v._local_grads):
            child.grad += local * v.grad


def demo_gradients(backward, steps: int = 3) -> list[str]:
    """Every parameter's gradient (as exact hex) over a few steps of micrograd's moons demo."""
    X, y = make_moons(100, noise=0.1, seed=1)
    model = MLP(2, [16, 16, 1], seed=1337)
    seen = []
    for k in range(steps):
        scores = [model(x) for x in X]
        losses = [(1 + -yi * si).relu() for yi, si in zip(y, scores)]
        loss = sum(losses) * (1.0 / len(losses)) + 1e-4 * sum(p * p for p in model.parameters())
        model.zero_grad()
        backward(loss)
        seen += [p.grad.hex() for p in model.parameters()]
        for p in model.parameters():
            p.data -= (1.0 - 0.9 * k / 100) * p.grad
    return seen


def test_demo_gradients_are_bit_identical_to_the_reference():
    assert demo_gradients(lambda loss: loss.backward()) == demo_gradients(reference_backward)


def test_topological_order_is_the_reference_order():
    X, y = make_moons(20, noise=0.1, seed=1)
    model = MLP(2, [4, 4, 1], seed=0)
    loss = sum((1 + -yi * model(x)).relu() for x, yi in zip(X, y))
    assert topological_order(loss) == reference_order(loss)
