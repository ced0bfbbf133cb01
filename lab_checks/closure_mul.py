"""Lab closure-mul: micrograd's design, a _backward closure for multiplication."""

from lab_checks.grading import Mistake, check, mutate, value_case

TITLE = "A closure for multiplication"
DEFINES = ("Value",)
WRITES = ("Value.__mul__",)

HINTS = [
    "Follow `__add__`: define a function `_backward()` inside `__mul__`, then attach it with "
    "`out._backward = _backward` before `return out`.",
    "For `out = self * other`, the local gradient to `self` is `other.data`, and to `other` it is "
    "`self.data`. Each input gets its local gradient times `out.grad`.",
    "Add with `+=`: in `a * a` both lines update the same `a`, and `a` may get more from other paths.",
    "Inside `_backward`: `self.grad += other.data * out.grad` and `other.grad += self.data * out.grad`.",
]

SOLUTION = '''\
class Value:
    """micrograd's design: each result keeps a closure that passes its gradient to its inputs."""

    def __init__(self, data, children=()):
        self.data = data
        self.grad = 0.0
        self._prev = children
        self._backward = lambda: None

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

MUL_BACKWARD = """\
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def backward"""


def _mul(body: str, attach: str = "        out._backward = _backward\n") -> str:
    return mutate(
        SOLUTION,
        MUL_BACKWARD,
        f"        def _backward():\n{body}\n{attach}        return out\n\n    def backward",
    )


MISTAKES = [
    Mistake(
        "never attached",
        _mul(
            "            self.grad += other.data * out.grad\n"
            "            other.grad += self.data * out.grad\n",
            "",
        ),
        "{name} is {got} but should be {expected}: the product passed no gradient back. Is "
        "`_backward` attached to the result (`out._backward = _backward`), and does it run later, "
        "from `backward()`, rather than at once inside `__mul__`?",
    ),
    Mistake(
        "overwrites with =",
        _mul(
            "            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad\n"
        ),
        "{name} is {got} but should be {expected}: a gradient was overwritten. When the same Value is "
        "reached twice (as in `a * a`, or `a * b + a`), the second `=` throws the first part away. Add "
        "with `+=`.",
    ),
    Mistake(
        "own data instead of the other's",
        _mul(
            "            self.grad += self.data * out.grad\n            other.grad += other.data * out.grad\n"
        ),
        "{name} is {got} but should be {expected}: in a product, nudging one input changes the result "
        "by the *other* input's value. `self.grad` gets `other.data * out.grad`, and `other.grad` gets "
        "`self.data * out.grad`.",
    ),
    Mistake(
        "forgets out.grad",
        _mul("            self.grad += other.data\n            other.grad += self.data\n"),
        "{name} is {got} but should be {expected}: right when the product is the output, wrong when it "
        "feeds another step. Multiply the local gradient by `out.grad`, the gradient arriving from the "
        "output: `self.grad += other.data * out.grad`.",
    ),
    Mistake(
        "out.data instead of out.grad",
        _mul(
            "            self.grad += other.data * out.data\n            other.grad += self.data * out.data\n"
        ),
        "{name} is {got} but should be {expected}: `out.data` is the product's value; what flows backward "
        "is its gradient, `out.grad`.",
    ),
]


def _x(rng) -> float:
    x = 0.0
    while abs(x) < 0.2 or abs(abs(x) - 1) < 0.1:  # away from 0 and ±1, where wrong answers can be right
        x = round(rng.uniform(-3, 3), 2)
    return x


@check("a * b: the product's value and both gradients")
def product(rng):
    return value_case("L = a * b\nL.backward()", {"a": _x(rng), "b": _x(rng)}, ["L.data", "a.grad", "b.grad"])


@check("a product that feeds another step: L = (a * b) * c")
def product_feeds_on(rng):
    inputs = {"a": _x(rng), "b": _x(rng), "c": _x(rng)}
    return value_case("ab = a * b\nL = ab * c\nL.backward()", inputs, ["a.grad", "b.grad", "c.grad"])


@check("the same Value on both sides: L = a * a")
def squared(rng):
    return value_case("L = a * a\nL.backward()", {"a": _x(rng)}, ["L.data", "a.grad"])


@check("two paths: L = a * b + a")
def two_paths(rng):
    return value_case("L = a * b + a\nL.backward()", {"a": _x(rng), "b": _x(rng)}, ["a.grad", "b.grad"])


@check("a Value times a plain number: L = a * k")
def times_number(rng):
    k = _x(rng)
    return value_case(f"L = a * {k}\nL.backward()", {"a": _x(rng)}, ["L.data", "a.grad"])
