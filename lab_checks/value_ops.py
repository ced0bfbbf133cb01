"""Lab value-ops: the operations of a Value class, each storing its local gradients; backward() is given."""

from lab_checks.grading import Mistake, check, mutate, value_case

TITLE = "Give Value its operations"
DEFINES = ("Value",)
WRITES = tuple(f"Value.{m}" for m in ("__add__", "__mul__", "__pow__", "relu", "tanh", "exp", "log"))

HINTS = [
    "Each operation returns `Value(data, _children, _local_grads)`: the result's number, the Values "
    "it came from, and the local gradient to each of them, in the same order (`__init__` keeps them "
    "as `_prev` and `_local_grads`).",
    "Numbers on either side: start `__add__` and `__mul__` with "
    "`other = other if isinstance(other, Value) else Value(other)`. The given `__radd__` and "
    "`__rmul__` turn `2 * a` into `a * 2`.",
    "Local gradients: `a + b` gives 1 and 1; `a * b` gives `b.data` to `a` and `a.data` to `b`; "
    "`a ** n` gives `n * a.data ** (n - 1)`; `relu` gives 1 if `a.data > 0` else 0.",
    "The last three: for `t = tanh(a)` the local gradient is `1 - t**2`; for `e = exp(a)` it is "
    "`e` itself; for `log(a)` it is `1 / a.data`.",
]

SOLUTION = '''\
import math


class Value:
    """A number that remembers the Values it was made from, and the local gradient to each."""

    def __init__(self, data, _children=(), _local_grads=()):
        self.data = data
        self.grad = 0.0
        self._prev = _children
        self._local_grads = _local_grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        return Value(self.data**n, (self,), (n * self.data ** (n - 1),))

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (1.0 if self.data > 0 else 0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    # Given: these are built on yours.
    def __radd__(self, other):  # 2 + a
        return self + other

    def __rmul__(self, other):  # 2 * a
        return self * other

    def __neg__(self):  # -a
        return self * -1

    def __sub__(self, other):  # a - b
        return self + (-other)

    def __truediv__(self, other):  # a / b
        return self * other**-1

    def backward(self):
        """Given for now: fill in .grad of every Value this one depends on, one path at a time."""
        self.grad = 1.0

        def follow(v, rate):  # rate: how fast self moves with v, along the path that led here
            for child, local in zip(v._prev, v._local_grads):
                child.grad += local * rate  # each path adds what it brings
                follow(child, local * rate)  # rates multiply along a path

        follow(self, 1.0)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
'''

WRAP = "        other = other if isinstance(other, Value) else Value(other)\n"

MISTAKES = [
    Mistake(
        "mul local gradients swapped",
        mutate(SOLUTION, "(other.data, self.data)", "(self.data, other.data)"),
        "{name} is {got} but should be {expected}: the local gradient of `a * b` with respect to `a` "
        "is the other factor, `b.data` (and `a.data` for `b`). Are the two swapped?",
    ),
    Mistake(
        "mul stores Values as local gradients",
        mutate(SOLUTION, "(other.data, self.data)", "(other, self)"),
        "{name} is {got}: a gradient must be a plain number. Store the numbers `other.data` and "
        "`self.data` as local gradients, not the Values themselves.",
    ),
    Mistake(
        "numbers not wrapped",
        SOLUTION.replace(WRAP, ""),
        "A number met a Value and Python raised an error: a plain number has no `.data`. Begin "
        "`__add__` and `__mul__` with `other = other if isinstance(other, Value) else Value(other)`.",
    ),
    Mistake(
        "pow without the exponent",
        mutate(SOLUTION, "(n * self.data ** (n - 1),)", "(self.data ** (n - 1),)"),
        "{name} is {got} but should be {expected}: the slope of `x ** n` is `n * x ** (n - 1)`; "
        "is the factor `n` missing?",
    ),
    Mistake(
        "pow without parentheses",
        mutate(SOLUTION, "(n * self.data ** (n - 1),)", "(n * self.data ** n - 1,)"),
        "{name} is {got} but should be {expected}: `n * self.data ** n - 1` means "
        "`(n * self.data ** n) - 1`, because `**` and `*` go before `-`. Put the exponent in "
        "parentheses: `n * self.data ** (n - 1)`.",
    ),
    Mistake(
        "relu local gradient always 1",
        mutate(SOLUTION, "(1.0 if self.data > 0 else 0.0,)", "(1.0,)"),
        "{name} is {got} but should be {expected}: relu is flat where its input is negative (its output "
        "stays 0 however you nudge it), so there its local gradient is 0. It is 1 only where "
        "`self.data > 0`: `1.0 if self.data > 0 else 0.0`.",
    ),
    Mistake(
        "relu passes its output",
        mutate(SOLUTION, "(1.0 if self.data > 0 else 0.0,)", "(max(self.data, 0.0),)"),
        "{name} is {got} but should be {expected}: relu's local gradient is its slope, 1 where the "
        "input is positive and 0 elsewhere, not its output.",
    ),
    Mistake(
        "tanh local gradient from the input",
        mutate(SOLUTION, "(1 - t * t,)", "(1 - self.data**2,)"),
        "{name} is {got} but should be {expected}: the local gradient of tanh is `1 - t**2` where "
        "`t` is tanh's output, not its input.",
    ),
    Mistake(
        "the operation's name passed, as the engine does",
        mutate(SOLUTION, "(self, other), (1.0, 1.0))", '(self, other), "+", (1.0, 1.0))'),
        "`Value(...)` got one argument too many: this class's `__init__` takes `data, _children, "
        "_local_grads`. The engine's `Value` also keeps the operation's name, `_op`, between the two; "
        "yours does not, so leave the name out: `Value(self.data + other.data, (self, other), (1.0, 1.0))`.",
    ),
]


def _number(rng, low: float = -3.0, high: float = 3.0) -> float:
    """A random input, away from 0 (where relu has a kink and x ** -n is undefined)."""
    x = round(rng.uniform(low, high), 4)
    return x if abs(x) > 0.1 else 0.5


def _grads(*names: str) -> list[str]:
    return ["L.data", *(f"{n}.grad" for n in names)]


@check("a + b: value and gradients")
def add(rng):
    return value_case("L = a + b\nL.backward()", {"a": _number(rng), "b": _number(rng)}, _grads("a", "b"))


@check("a * b: value and gradients")
def mul(rng):
    return value_case("L = a * b\nL.backward()", {"a": _number(rng), "b": _number(rng)}, _grads("a", "b"))


@check("numbers on either side: c1 + a * c2 + c3 * a")
def numbers(rng):
    c1, c2, c3 = (round(rng.uniform(-4, 4), 2) for _ in range(3))
    code = f"L = {c1} + a * {c2} + {c3} * a\nL.backward()"
    return value_case(code, {"a": _number(rng)}, _grads("a"))


@check("a ** n for a whole number n")
def power(rng):
    n = rng.choice([2, 3, 4])
    return value_case(f"L = a ** {n}\nL.backward()", {"a": _number(rng)}, _grads("a"))


@check("a ** p for a fraction p, with a > 0")
def root(rng):
    p = rng.choice([0.5, 1.5, -0.5, -1.5])
    return value_case(f"L = a ** {p}\nL.backward()", {"a": _number(rng, 0.2, 4.0)}, _grads("a"))


@check("relu of a positive and of a negative number")
def relu(rng):
    inputs = {"a": _number(rng, 0.2, 3.0), "b": _number(rng, -3.0, -0.2)}
    return value_case("L = a.relu() + b.relu()\nL.backward()", inputs, _grads("a", "b"))


@check("tanh")
def tanh(rng):
    return value_case("L = a.tanh()\nL.backward()", {"a": _number(rng, -2.0, 2.0)}, _grads("a"))


@check("exp")
def exp(rng):
    return value_case("L = a.exp()\nL.backward()", {"a": _number(rng, -2.0, 2.0)}, _grads("a"))


@check("log, of a positive number")
def log(rng):
    return value_case("L = a.log()\nL.backward()", {"a": _number(rng, 0.2, 5.0)}, _grads("a"))


@check("everything together, with a and b used more than once")
def together(rng):
    code = "c = a * b + a.exp()\nL = (c * c + 1).log() + c.tanh() + (b ** 2).relu()\nL.backward()"
    return value_case(code, {"a": _number(rng, -1.5, 1.5), "b": _number(rng)}, _grads("a", "b"))
