"""The course's GPT with a node for every * and +, as microgpt builds it: the same numbers as gpt.model's
fused nodes, so it is what their gradients are tested against, the baseline of bench/gpt_step.py, and the
graph the gradient check's broken rules break."""

from gpt.model import GPT, softmax


def dot(ws: list, xs: list):
    """w1*x1 + w2*x2 + ..., a * node per product and a + node per sum."""
    return sum(w * x for w, x in zip(ws, xs))


def linear(x: list, w: list[list]) -> list:
    """Each row of w dotted with x, product by product."""
    return [dot(row, x) for row in w]


def rmsnorm(x: list) -> list:
    """x rescaled to a root mean square of 1, every square, sum and power its own node."""
    scale = (sum(xi * xi for xi in x) / len(x) + 1e-5) ** -0.5
    return [xi * scale for xi in x]


def cross_entropy(logits: list, target: int):
    """-log of the target's probability, through softmax()'s exp, sum and division nodes."""
    return -softmax(logits)[target].log()


class PlainGPT(GPT):
    """gpt.model.GPT, weight for weight, on plain operations only."""

    dot, linear, rmsnorm, cross_entropy = map(staticmethod, (dot, linear, rmsnorm, cross_entropy))
