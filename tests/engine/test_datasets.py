"""engine.datasets.make_moons: scikit-learn's two moons in pure Python."""

import math
import random

import pytest

from engine.datasets import make_moons


def test_shape_and_labels():
    X, y = make_moons(100, noise=0.1, seed=0)
    assert len(X) == len(y) == 100
    assert all(len(x) == 2 and all(isinstance(c, float) for c in x) for x in X)
    assert sorted(set(y)) == [-1, 1]
    assert y.count(-1) == y.count(1) == 50


@pytest.mark.parametrize("n, upper, lower", [(101, 50, 51), (1, 0, 1), (2, 1, 1)])
def test_odd_sizes_split_as_scikit_learn_does(n, upper, lower):
    X, y = make_moons(n, noise=0.1, seed=0)
    assert (len(X), y.count(-1), y.count(1)) == (n, upper, lower)


def test_without_noise_the_points_lie_on_the_two_half_circles():
    X, y = make_moons(60, noise=0.0, seed=0)
    for (a, b), label in zip(X, y):
        if label == -1:  # upper moon: centre (0, 0), y >= 0
            assert math.isclose(math.hypot(a, b), 1.0) and b >= -1e-12
        else:  # lower moon: centre (1, 0.5), y <= 0.5
            assert math.isclose(math.hypot(a - 1, b - 0.5), 1.0) and b <= 0.5 + 1e-12
    assert min(a for a, _ in X) == pytest.approx(-1.0) and max(a for a, _ in X) == pytest.approx(2.0)


def test_noise_moves_points_by_about_its_size():
    clean, _ = make_moons(200, noise=0.0, seed=3)
    noisy, _ = make_moons(200, noise=0.1, seed=3)
    shifts = [c - n for p, q in zip(clean, noisy) for c, n in zip(p, q)]
    spread = math.sqrt(sum(s * s for s in shifts) / len(shifts))
    assert 0.07 < spread < 0.13


def test_a_seed_gives_the_same_data_and_leaves_the_global_random_state_alone():
    random.seed(7)
    state = random.getstate()
    assert make_moons(50, noise=0.2, seed=5) == make_moons(50, noise=0.2, seed=5)
    assert make_moons(50, noise=0.2, seed=5) != make_moons(50, noise=0.2, seed=6)
    assert random.getstate() == state


def test_labels_are_shuffled():
    _, y = make_moons(100, noise=0.1, seed=0)
    assert y != sorted(y) and y != sorted(y, reverse=True)
