"""Toy data sets in pure Python (no numpy), for the training lessons."""

import math
import random


def make_moons(
    n_samples: int = 100, noise: float = 0.1, seed: int | None = None
) -> tuple[list[list[float]], list[int]]:
    """Two interleaving half circles, as scikit-learn draws them; labels are -1 and +1."""
    rng = random.Random(seed)
    n_out = n_samples // 2
    n_in = n_samples - n_out
    points = []
    for i in range(n_out):
        t = math.pi * i / max(n_out - 1, 1)
        points.append(([math.cos(t), math.sin(t)], -1))
    for i in range(n_in):
        t = math.pi * i / max(n_in - 1, 1)
        points.append(([1 - math.cos(t), 0.5 - math.sin(t)], 1))
    rng.shuffle(points)
    X = [[x + rng.gauss(0, noise), y + rng.gauss(0, noise)] for (x, y), _ in points]
    return X, [label for _, label in points]
