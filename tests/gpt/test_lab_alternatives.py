"""Module 7's labs judge behaviour: correct answers written unlike their SOLUTION pass too."""

import pytest

from lab_checks import grading

ANSWERS = {
    "softmax-cross-entropy": """\
from engine import Value


def softmax(logits):
    top = max(logits, key=lambda s: s.data)  # a Value: the shift still cancels in the gradients
    exps = [(s - top).exp() for s in logits]
    total = exps[0]
    for e in exps[1:]:
        total = total + e
    return [e * total**-1 for e in exps]


def cross_entropy(logits, target):
    top = max(s.data for s in logits)  # log-sum-exp, without softmax
    return sum((s - top).exp() for s in logits).log() + top - logits[target]
""",
    "linear": """\
def linear(x, w):
    out = []
    for row in w:
        total = 0
        for i in range(len(x)):
            total = total + x[i] * row[i]
        out.append(total)
    return out
""",
    "adam": """\
import math


def adam_step(params, m, v, t, lr):
    for i, p in enumerate(params):
        g = p.grad
        m[i] = 0.85 * m[i] + 0.15 * g
        v[i] = 0.99 * v[i] + 0.01 * g * g
        p.data = p.data - lr * (m[i] / (1 - 0.85**t)) / (math.sqrt(v[i] / (1 - 0.99**t)) + 1e-8)
        p.grad = 0
""",
}


@pytest.mark.parametrize("lab", sorted(ANSWERS))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_another_correct_answer_passes(lab: str, seed: int) -> None:
    verdict = grading.grade(grading.load(lab), ANSWERS[lab], seed=seed)
    assert verdict["verdict"] == "pass", verdict["summary"]
