"""Lab closure-ops: micrograd's design, _backward closures for ** and tanh (operations not shown above)."""

from lab_checks.grading import Mistake, check, mutate, value_case

TITLE = "Closures for powers and tanh"
DEFINES = ("Value",)
WRITES = ("Value.__pow__", "Value.tanh")

HINTS = [
    "Follow `__mul__`: inside each method define `_backward()`, which adds the input's share of "
    "`out.grad` to `self.grad`, then attach it with `out._backward = _backward` before `return out`.",
    "The local gradients are the ones you stored in the Value class lab: `n * x ** (n - 1)` for "
    "`x ** n`, and `1 - t ** 2` for `t = tanh(x)`. In the closure, `x` is `self.data` and `t` is "
    "`out.data` (or the `t` the method computed).",
    "Each input gets its local gradient times `out.grad`, added with `+=` (a Value used twice gets "
    "gradient from both uses).",
    "Still stuck? Read `__mul__`'s closure again and change only the local gradient: for `__pow__` "
    "it is the power rule at `self.data` (the exponent `n` is a plain number, so only `self` gets a "
    "gradient); for `tanh` it is written with the output `t`, not with `self.data`.",
]

POW = "            self.grad += n * self.data ** (n - 1) * out.grad\n"
TANH = "            self.grad += (1 - t * t) * out.grad\n"

SOLUTION = '''\
import math


class Value:
    """micrograd's design: each result keeps a closure that passes its gradient to its inputs."""

    def __init__(self, data, _children=()):
        self.data = data
        self.grad = 0.0
        self._prev = _children
        self._backward = lambda: None  # an input has nothing to pass on

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other))

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, n):
        """self ** n, for a plain number n."""
        out = Value(self.data**n, (self,))

        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,))

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other):  # 2 + a
        return self + other

    def __rmul__(self, other):  # 2 * a
        return self * other

    def backward(self):
        topo, visited = [], set()

        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
'''

MISTAKES = [
    Mistake(
        "never attached",
        mutate(
            mutate(SOLUTION, TANH + "\n        out._backward = _backward\n", TANH + "\n"),
            POW + "\n        out._backward = _backward\n",
            POW + "\n",
        ),
        "{name} is {got} but should be {expected}: no gradient came back through the power or tanh. "
        "Define `_backward()` inside the method and attach it to the result, "
        "`out._backward = _backward`, so that `backward()` can run it later.",
    ),
    Mistake(
        "tanh's rate from its input",
        mutate(SOLUTION, TANH, "            self.grad += (1 - self.data**2) * out.grad\n"),
        "{name} is {got} but should be {expected}: the local gradient of tanh is `1 - t**2` where `t` "
        "is tanh's output (`out.data`, or the `t` computed above), not its input `self.data`. The "
        "closure remembers both: pick the output.",
    ),
    Mistake(
        "forgets out.grad",
        mutate(SOLUTION, POW, "            self.grad += n * self.data ** (n - 1)\n"),
        "{name} is {got} but should be {expected}: right when the power is the output, wrong when it "
        "feeds another step. Multiply the local gradient by `out.grad`, the gradient arriving from "
        "the output: `self.grad += n * self.data ** (n - 1) * out.grad`.",
    ),
    Mistake(
        "pow without the exponent",
        mutate(SOLUTION, POW, "            self.grad += self.data ** (n - 1) * out.grad\n"),
        "{name} is {got} but should be {expected}: the slope of `x ** n` is `n * x ** (n - 1)`; is "
        "the factor `n` missing?",
    ),
    Mistake(
        "overwrites with =",
        mutate(
            mutate(SOLUTION, POW, POW.replace("+=", "=")),
            TANH,
            TANH.replace("+=", "="),
        ),
        "{name} is {got} but should be {expected}: a gradient was overwritten. When the same Value is "
        "used twice (here `a` in `a.tanh()` and in `a ** 2`), the second `=` throws the first part "
        "away. Add with `+=`.",
    ),
]


def _x(rng, low: float = -2.0, high: float = 2.0) -> float:
    x = 0.0
    while abs(x) < 0.2 or abs(abs(x) - 1) < 0.1:  # away from 0 and ±1, where wrong answers can be right
        x = round(rng.uniform(low, high), 2)
    return x


@check("a ** n for a whole number n")
def power(rng):
    n = rng.choice([2, 3, 4])
    return value_case(f"L = a ** {n}\nL.backward()", {"a": _x(rng)}, ["L.data", "a.grad"])


@check("a power that feeds another step: L = (a ** p) * b, for a fraction p and a > 0")
def power_feeds_on(rng):
    p = rng.choice([0.5, 1.5, -0.5])
    inputs = {"a": _x(rng, 0.3, 3.0), "b": _x(rng)}
    return value_case(f"L = (a ** {p}) * b\nL.backward()", inputs, ["L.data", "a.grad", "b.grad"])


@check("tanh: L = a.tanh()")
def tanh(rng):
    return value_case("L = a.tanh()\nL.backward()", {"a": _x(rng)}, ["L.data", "a.grad"])


@check("a tanh between other steps: L = (a * b).tanh() * c")
def tanh_feeds_on(rng):
    inputs = {"a": _x(rng), "b": _x(rng), "c": _x(rng)}
    return value_case("L = (a * b).tanh() * c\nL.backward()", inputs, ["a.grad", "b.grad", "c.grad"])


@check("the same Value used twice: L = a.tanh() * a ** 2")
def used_twice(rng):
    return value_case("L = a.tanh() * a ** 2\nL.backward()", {"a": _x(rng)}, ["L.data", "a.grad"])


@check("a neuron: L = (w1 * x1 + w2 * x2 + b).tanh() ** 2")
def neuron(rng):
    inputs = {name: _x(rng) for name in ("w1", "x1", "w2", "x2", "b")}
    code = "L = (w1 * x1 + w2 * x2 + b).tanh() ** 2\nL.backward()"
    return value_case(code, inputs, [f"{n}.grad" for n in inputs])
