"""Every operation of Value beside its plain-float meaning, and where its gradient is smooth."""

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass

from engine import Value


def _everywhere(*xs: float) -> bool:
    return True


def _positive(x: float) -> bool:
    return x > 0.1


def _nonzero(x: float) -> bool:
    return abs(x) > 0.1


@dataclass(frozen=True)
class Unary:
    """v.op() and what it means on floats; smooth_at excludes kinks, poles and the domain's edge."""

    name: str
    on_value: Callable[[Value], Value]
    on_float: Callable[[float], float]
    smooth_at: Callable[[float], bool] = _everywhere

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Binary:
    """An operator that means the same on Values and floats (operator.add, ...)."""

    name: str
    apply: Callable
    smooth_at: Callable[[float, float], bool] = _everywhere

    def __repr__(self) -> str:
        return self.name


def power(n: float) -> Unary:
    """v ** n: a negative base needs a whole exponent, and a negative exponent keeps away from zero."""
    if not float(n).is_integer():
        smooth_at = _positive
    else:
        smooth_at = _everywhere if n >= 0 else _nonzero
    return Unary(f"**{n}", lambda v: v**n, lambda x: x**n, smooth_at)


FUNCTIONS = [
    Unary("neg", operator.neg, operator.neg),
    Unary("relu", Value.relu, lambda x: max(x, 0.0), lambda x: abs(x) > 1e-3),
    Unary("tanh", Value.tanh, math.tanh),
    Unary("exp", Value.exp, math.exp, lambda x: x < 20),
    Unary("log", Value.log, math.log, _positive),
    # Written another way than the engine's, so the two are independent.
    Unary("sigmoid", Value.sigmoid, lambda x: 0.5 + 0.5 * math.tanh(x / 2)),
]
POWERS = [power(n) for n in (0, 1, 2, 3, -1, -2, 0.5, 1.5, -0.5, 2.5)]
UNARY = FUNCTIONS + POWERS

BINARY = [
    Binary("+", operator.add),
    Binary("-", operator.sub),
    Binary("*", operator.mul),
    Binary("/", operator.truediv, lambda x, y: _nonzero(y)),
]
