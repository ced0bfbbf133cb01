"""Gradient checking by central differences (as in minitorch): the slopes a backward pass must match.

The slopes come from plain-float functions only, never from the engine's own derivative rules,
so a wrong rule cannot agree with itself and pass.
"""

import math
from collections.abc import Callable

from engine import Value

EPSILON = 1e-6
# The gradient may differ from the central difference by rounding (about ulp(scale) / EPSILON per
# operation, hence the absolute part) and truncation (EPSILON**2 * f''' / 6, within the relative part).
REL_TOL = 1e-6
ABS_TOL = 1e-7


def central_difference(f: Callable[..., float], *xs: float, arg: int = 0, epsilon: float = EPSILON) -> float:
    """The slope of f in its argument number `arg` at xs: (f(x + h) - f(x - h)) / 2h."""
    up = [x + epsilon if i == arg else x for i, x in enumerate(xs)]
    down = [x - epsilon if i == arg else x for i, x in enumerate(xs)]
    return (f(*up) - f(*down)) / (2 * epsilon)


def check_gradients(
    on_values: Callable[..., Value], on_floats: Callable[..., float], *xs: float, scale: float = 1.0
) -> None:
    """on_values(Value(x), ...) computes on_floats(x, ...), and backward() gives its central differences.

    scale is the largest magnitude met along the way (rounding error grows with it).
    """
    leaves = [Value(x) for x in xs]
    out = on_values(*leaves)
    expected = on_floats(*xs)
    scale = max(1.0, scale, abs(expected))
    assert math.isclose(out.data, expected, rel_tol=1e-9, abs_tol=1e-12 * scale), (
        f"forward at {xs}: got {out.data}, expected {expected}"
    )
    out.backward()
    for i, leaf in enumerate(leaves):
        slope = central_difference(on_floats, *xs, arg=i)
        assert math.isclose(leaf.grad, slope, rel_tol=REL_TOL, abs_tol=ABS_TOL * scale), (
            f"d/dx{i} at {xs}: backward() gives {leaf.grad}, central difference {slope}"
        )
