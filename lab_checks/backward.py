"""Lab backward: backward() over a topological order, seeded with 1, accumulating with +=."""

from lab_checks.grading import Case, Mistake, Satisfies, check, value_case

TITLE = "Write backward()"
DEFINES = ("Value",)
WRITES = ("Value.backward",)

HINTS = [
    "Three steps: put every Value that `self` depends on in a list, each after its children "
    "(a topological order); set `self.grad = 1.0`; then walk the list from the end.",
    "To build the order, copy the lesson's `topological_order` into `backward`: a nested `visit(v)` "
    "that skips Values already in a `set`, visits the children (`v._prev`) first, then appends `v`.",
    "For each Value `v` in `reversed(order)`: `for child, local in zip(v._prev, v._local_grads): "
    "child.grad += local * v.grad`. Use `+=`: a Value used twice gets gradient from both uses.",
]

# Everything but backward() is given in the lab; the solution and the mistakes differ only there.
CLASS = '''\
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

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
'''

BACKWARD = """
    def backward(self):
        order, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    visit(child)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            for child, local in zip(v._prev, v._local_grads):
                child.grad += local * v.grad
"""

SOLUTION = CLASS + BACKWARD


def _with(old: str, new: str) -> str:
    """The solution with one change in backward()."""
    if BACKWARD.count(old) != 1:
        raise ValueError(f"{old!r} is not in backward() exactly once")
    return CLASS + BACKWARD.replace(old, new)


MISTAKES = [
    Mistake(
        "= instead of +=",
        _with("child.grad += local * v.grad", "child.grad = local * v.grad"),
        "{name} is {got} but should be {expected}: is a gradient overwritten with `=` where it should "
        "be added with `+=`? A Value used twice gets gradient from both uses.",
    ),
    Mistake(
        "order not reversed",
        _with("for v in reversed(order):", "for v in order:"),
        "{name} is {got} but should be {expected}: the order lists children before the Values made "
        "from them, so walk it from the end, `reversed(order)`: a Value's grad must be complete "
        "before it is passed on.",
    ),
    Mistake(
        "no seed",
        _with("        self.grad = 1.0\n", ""),
        "{name} is {got} but should be {expected}: every gradient is 0 when nothing starts the chain. "
        "Set `self.grad = 1.0` (the output's gradient with respect to itself) before the sweep.",
    ),
    Mistake(
        "no seen set",
        _with(
            "            if v not in seen:\n"
            "                seen.add(v)\n"
            "                for child in v._prev:\n"
            "                    visit(child)\n"
            "                order.append(v)\n",
            "            for child in v._prev:\n                visit(child)\n            order.append(v)\n",
        ),
        "{name} is {got} but should be {expected}: a Value reached along two paths is in the order "
        "twice, so its gradient is passed on twice. Keep a set of the Values already visited.",
    ),
    Mistake(
        "no topological order",
        CLASS
        + """
    def backward(self):
        self.grad = 1.0

        def push(v):
            for child, local in zip(v._prev, v._local_grads):
                child.grad += local * v.grad
                push(child)

        push(self)
""",
        "{name} is {got} but should be {expected}: passing gradients down as soon as you reach a "
        "Value sends it on before all of its own gradient has arrived. Build a topological order "
        "first and walk it backwards.",
    ),
]


PATHS = """
    def backward(self):
        self.grad = 1.0

        def follow(v, rate):
            for child, local in zip(v._prev, v._local_grads):
                child.grad += local * rate
                follow(child, local * rate)

        follow(self, 1.0)
"""

MISTAKES.append(
    Mistake(
        "every path on its own",
        CLASS + PATHS,
        "{name} is {got}: the gradients are right, but `a.grad` was changed once for every path from "
        "the output back to `a`, and their number doubles with every step. Visit each Value once: put the "
        "Values in a topological order, then walk it backwards, passing each one's complete gradient on.",
    )
)

COUNTED = """\
class Counted(Value):
    \"\"\"A Value that counts how often its grad is changed.\"\"\"

    changes = 0

    def __setattr__(self, name, value):
        if name == "grad":
            Counted.changes += 1
        super().__setattr__(name, value)


"""


def _number(rng, low: float = -2.0, high: float = 2.0) -> float:
    x = round(rng.uniform(low, high), 4)
    return x if abs(x) > 0.1 else 0.5


@check("one multiplication: L = a * b")
def product(rng):
    inputs = {"a": _number(rng), "b": _number(rng)}
    return value_case("L = a * b\nL.backward()", inputs, ["a.grad", "b.grad"])


@check("a number used twice: L = a * b + a")
def used_twice(rng):
    inputs = {"a": _number(rng), "b": _number(rng)}
    return value_case("L = a * b + a\nL.backward()", inputs, ["a.grad", "b.grad"])


@check("a result used twice: c = a * b, then L = (c + a) * c")
def shared_result(rng):
    inputs = {"a": _number(rng), "b": _number(rng)}
    return value_case("c = a * b\nL = (c + a) * c\nL.backward()", inputs, ["c.grad", "a.grad", "b.grad"])


@check("backward() of a lone Value: its own gradient is 1")
def lone(rng):
    return value_case("a.backward()", {"a": _number(rng)}, ["a.grad"])


@check("a neuron: L = tanh(w1 * x1 + w2 * x2 + b)")
def neuron(rng):
    inputs = {name: _number(rng) for name in ("w1", "x1", "w2", "x2", "b")}
    code = "L = (w1 * x1 + w2 * x2 + b).tanh()\nL.backward()"
    return value_case(code, inputs, [f"{n}.grad" for n in inputs])


@check("a deeper graph: five rounds of x = tanh(x * b + x + a)")
def deep(rng):
    code = "x = a\nfor _ in range(5):\n    x = (x * b + x + a).tanh()\nL = x ** 2 + a\nL.backward()"
    return value_case(code, {"a": _number(rng), "b": _number(rng)}, ["L.data", "a.grad", "b.grad"])


@check("paths that double at every step: each Value passes its gradient on once, not once per path")
def many_paths(rng):
    steps, a = rng.randint(10, 12), _number(rng)
    code = (
        COUNTED
        + f"a = Counted({a})\n"
        + "x = a\n"
        + f"for _ in range({steps}):\n"
        + f"    x = x + x  # twice as many paths from x back to a: {2**steps:,} at the end\n"
        + "x.backward()\n"
    )
    few = Satisfies("a few times (once when made, once per use of a)", lambda n: n <= 5)
    return Case(code, {"a.grad": float(2**steps), "Counted.changes": few})
