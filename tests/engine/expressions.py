"""Random expression trees (a hypothesis strategy) and a point where every operation in them is smooth."""

import math
from dataclasses import dataclass

from hypothesis import strategies as st

from engine import Value
from tests.engine.gradcheck import EPSILON
from tests.engine.operations import BINARY, UNARY, Binary, Unary

# Intermediate results stay below this, so rounding in the central differences stays small.
MAX_MAGNITUDE = 1e4


@dataclass(frozen=True)
class Var:
    """The variable x<index>: the same leaf Value wherever it appears."""

    index: int

    def evaluate(self, leaves: list, trail: list | None = None):
        return leaves[self.index]

    def __repr__(self) -> str:
        return f"x{self.index}"


@dataclass(frozen=True)
class Const:
    """A plain number in an operation: Value(...) + 2.5, or reflected, 2.5 - Value(...)."""

    value: float

    def evaluate(self, leaves: list, trail: list | None = None):
        return self.value

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Call1:
    """A one-argument operation: neg, relu, tanh, exp, log, sigmoid, a power."""

    op: Unary
    arg: object

    def evaluate(self, leaves: list, trail: list | None = None):
        x = self.arg.evaluate(leaves, trail)
        out = self.op.on_value(x) if isinstance(x, Value) else self.op.on_float(x)
        _record(trail, self.op, (x,), out)
        return out

    def __repr__(self) -> str:
        return f"({self.arg}){self.op}" if self.op.name.startswith("**") else f"{self.op}({self.arg})"


@dataclass(frozen=True)
class Call2:
    """left op right, for + - * /."""

    op: Binary
    left: object
    right: object

    def evaluate(self, leaves: list, trail: list | None = None):
        x, y = self.left.evaluate(leaves, trail), self.right.evaluate(leaves, trail)
        out = self.op.apply(x, y)
        _record(trail, self.op, (x, y), out)
        return out

    def __repr__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@dataclass(frozen=True)
class Twice:
    """One node used on both sides of an operation (s * s), so its gradient must accumulate."""

    op: Binary
    arg: object

    def evaluate(self, leaves: list, trail: list | None = None):
        x = self.arg.evaluate(leaves, trail)
        out = self.op.apply(x, x)
        _record(trail, self.op, (x, x), out)
        return out

    def __repr__(self) -> str:
        return f"(s {self.op} s for s = {self.arg})"


def _record(trail: list | None, op, args: tuple, out) -> None:
    if trail is not None:
        trail.append((op, args, out))


def _bounded(f, *args: float) -> bool:
    try:
        out = f(*args)
    except (ArithmeticError, ValueError):
        return False
    return math.isfinite(out) and abs(out) <= MAX_MAGNITUDE


@st.composite
def expressions(draw, n_vars: int = 3, max_depth: int = 5) -> tuple:
    """(expression, xs): a random tree over x0, x1, ... and a point xs where each operation is smooth."""
    xs = tuple(draw(st.lists(st.floats(-3, 3), min_size=n_vars, max_size=n_vars)))
    expr, _ = draw(_subtrees(xs, max_depth, leaf=False))
    return expr, xs


@st.composite
def _subtrees(draw, xs: tuple, depth: int, leaf: bool = True) -> tuple:
    """(expression, its value at xs), choosing only operations that are smooth at their arguments."""
    operations = ["unary", "binary", "constant", "twice"] if depth else []
    kind = draw(st.sampled_from((["var"] if leaf or not depth else []) + operations))
    if kind == "var":
        i = draw(st.integers(0, len(xs) - 1))
        return Var(i), xs[i]
    arg, a = draw(_subtrees(xs, depth - 1))
    if kind == "unary":
        op = draw(st.sampled_from([op for op in UNARY if op.smooth_at(a) and _bounded(op.on_float, a)]))
        return Call1(op, arg), op.on_float(a)
    if kind == "twice":
        left, right, x, y = arg, arg, a, a
    elif kind == "binary":
        right, b = draw(_subtrees(xs, depth - 1))
        left, x, y = arg, a, b
    else:
        c = draw(st.floats(-3, 3))
        left, right, x, y = (Const(c), arg, c, a) if draw(st.booleans()) else (arg, Const(c), a, c)
    ops = [op for op in BINARY if op.smooth_at(x, y) and _bounded(op.apply, x, y)]
    if not ops:
        return arg, a
    op = draw(st.sampled_from(ops))
    node = Twice(op, arg) if kind == "twice" else Call2(op, left, right)
    return node, op.apply(x, y)


def trail(expr, xs) -> list:
    """Every operation the expression applies at xs, in order, as (op, args, result) on floats."""
    steps: list = []
    expr.evaluate(list(xs), steps)
    return steps


def largest_magnitude(expr, xs) -> float:
    """The largest number met evaluating the expression at xs."""
    numbers = [*xs] + [abs(n) for _, args, out in trail(expr, xs) for n in (*args, out)]
    return max(abs(n) for n in numbers)


def smooth_around(expr, xs, epsilon: float = EPSILON) -> bool:
    """Within epsilon of xs, each operation stays smooth, and each relu on the same side of its kink."""
    at = trail(expr, xs)
    for i in range(len(xs)):
        for step in (-epsilon, epsilon):
            moved = [x + step if j == i else x for j, x in enumerate(xs)]
            try:
                near = trail(expr, moved)
            except (ArithmeticError, ValueError):
                return False
            for (op, args, _), (_, near_args, _) in zip(at, near, strict=True):
                if not op.smooth_at(*near_args):
                    return False
                if op.name == "relu" and (args[0] > 0) != (near_args[0] > 0):
                    return False
    return True
