"""micrograd's demo.ipynb, unchanged but for the imports, trains to 100% on the moons."""

import gc

import pytest

from engine import Value
from engine.datasets import make_moons
from engine.nn import MLP


@pytest.fixture
def no_garbage_collector():
    """The engine makes no reference cycles, so the collector only costs time (over half of it here)."""
    gc.disable()
    yield
    gc.enable()


@pytest.mark.slow
def test_micrograd_demo_reaches_full_training_accuracy(no_garbage_collector):
    X, y = make_moons(100, noise=0.1, seed=1)
    model = MLP(2, [16, 16, 1], seed=1337)  # the demo's random.seed(1337), without touching random

    def loss():
        inputs = [list(map(Value, xrow)) for xrow in X]
        scores = list(map(model, inputs))
        # svm "max-margin" loss, plus L2 regularization
        losses = [(1 + -yi * scorei).relu() for yi, scorei in zip(y, scores)]
        data_loss = sum(losses) * (1.0 / len(losses))
        alpha = 1e-4
        reg_loss = alpha * sum(p * p for p in model.parameters())
        total_loss = data_loss + reg_loss
        accuracy = [(yi > 0) == (scorei.data > 0) for yi, scorei in zip(y, scores)]
        return total_loss, sum(accuracy) / len(accuracy)

    losses = []
    for k in range(100):
        total_loss, acc = loss()
        losses.append(total_loss.data)
        model.zero_grad()
        total_loss.backward()
        learning_rate = 1.0 - 0.9 * k / 100
        for p in model.parameters():
            p.data -= learning_rate * p.grad

    final_loss, final_acc = loss()
    assert final_acc == 1.0
    assert final_loss.data < losses[0] / 10
