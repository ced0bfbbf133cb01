"""Lab neuron: a Neuron's forward pass (weighted sum, bias, relu unless linear) and its parameters()."""

from engine import Value
from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "Write a neuron"
DEFINES = ("Neuron",)
WRITES = ("Neuron.__call__", "Neuron.parameters")

HINTS = [
    "`__call__` gets a list `x` as long as `self.w`. Pair each weight with its input: "
    "`zip(self.w, x)` gives `(w[0], x[0]), (w[1], x[1]), ...`.",
    "Multiply the Values themselves, `wi * xi` (not `wi.data`), so the graph reaches the weights. "
    "Python's `sum()` takes a start as its second argument: start from the bias, `self.b`.",
    "Apply `relu()` only when `self.nonlin` is true. `parameters()` returns one flat list, the "
    "weights and then the bias; `self.b` is a single Value, so put it in a list of its own before "
    "adding that list to `self.w`.",
]

CLASS = '''\
import random

from engine import Value


class Neuron:
    """Weighted sum of the inputs plus a bias, through relu unless nonlin is False."""

    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin
'''

METHODS = """
    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.relu() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]
"""

DEMO = """

n = Neuron(2)
n.w[0].data, n.w[1].data, n.b.data = 0.5, 1.5, 1.0
out = n([2.0, -1.0])
out.backward()
# should print 0.5 [2.0, -1.0, 1.0]
print(out.data, [p.grad for p in n.parameters()])
"""

SOLUTION = CLASS + METHODS + DEMO


def _with(old: str, new: str) -> str:
    """The class of the solution with one change in its two methods (the demo lines left out)."""
    return CLASS + mutate(METHODS, old, new)


MISTAKES = [
    Mistake(
        "no bias",
        _with("zip(self.w, x)), self.b)", "zip(self.w, x)), 0.0)"),
        "{name} is {got} but should be {expected}: is the bias `self.b` added to the weighted sum? "
        "Start the sum from it: `sum(..., self.b)`.",
    ),
    Mistake(
        "relu on a linear neuron",
        _with("return act.relu() if self.nonlin else act", "return act.relu()"),
        "{name} is {got} but should be {expected}: with `nonlin=False` the neuron is linear and "
        "returns the sum itself, negative or not. Apply `.relu()` only when `self.nonlin` is true.",
    ),
    Mistake(
        "no relu",
        _with("return act.relu() if self.nonlin else act", "return act"),
        "{name} is {got} but should be {expected}: when the sum is negative, relu turns it into 0. "
        "Return `act.relu()` when `self.nonlin` is true.",
    ),
    Mistake(
        "weights as plain numbers",
        _with("(wi * xi for wi", "(wi.data * xi for wi"),
        "{name} is {got} but should be {expected}: the weights must be part of the graph. Multiply the "
        "Values, `wi * xi`; with `wi.data` the product is a plain number, and backward() never reaches "
        "the weight.",
    ),
    Mistake(
        "parameters without the bias",
        _with("return self.w + [self.b]", "return self.w"),
        "{name} is {got} but should be {expected}: parameters() must list the bias too, after the "
        "weights: `self.w + [self.b]`. Training only turns the knobs this list holds.",
    ),
    Mistake(
        "parameters as copies",
        _with("return self.w + [self.b]", "return [Value(p.data) for p in self.w + [self.b]]"),
        "{name} is {got} but should be {expected}: parameters() must return the neuron's own Values, "
        "not new ones with the same numbers. Training changes the listed Values in place, and changing "
        "a copy changes nothing.",
    ),
    Mistake(
        "parameters as numbers",
        _with("return self.w + [self.b]", "return [w.data for w in self.w] + [self.b.data]"),
        "{name}: parameters() returned plain numbers (floats), and a number has no `.data` or `.grad`. "
        "Return the Values themselves, `self.w + [self.b]`: training reads each one's `.grad` and "
        "changes its `.data`.",
    ),
    Mistake(
        "a list plus a Value",
        _with("return self.w + [self.b]", "return self.w + self.b"),
        "parameters() raised a TypeError. A list and a single Value cannot be added with `+`: put the "
        "bias in a list of its own, `self.w + [self.b]`, so that the result is one list.",
    ),
]


def _numbers(rng, n: int, low: float = -2.0, high: float = 2.0) -> list[float]:
    return [round(rng.uniform(low, high), 3) for _ in range(n)]


def _neuron(rng, *, sign: int, nonlin: bool = True, value_inputs: bool = False) -> tuple:
    """Code that builds a neuron with these random numbers and calls it; the sum's sign is chosen."""
    nin = rng.randint(2, 4)
    w, x = _numbers(rng, nin), _numbers(rng, nin)
    weighted = sum(wi * xi for wi, xi in zip(w, x))
    b = round(-weighted + sign * rng.uniform(0.3, 1.5), 3)
    made = "" if nonlin else ", nonlin=False"
    inputs = f"[{', '.join(f'Value({v})' for v in x)}]" if value_inputs else repr(x)
    code = (
        f"n = Neuron({nin}{made})\n"
        f"for p, v in zip(n.w, {w!r}):\n"
        "    p.data = v\n"
        f"n.b.data = {b}\n"
        f"x = {inputs}\n"
        "out = n(x)\n"
    )
    return code, _reference(w, x, b, nonlin), w, x


def _reference(w: list, x: list, b: float, nonlin: bool) -> float:
    """What the course's engine computes for this neuron."""
    act = sum((Value(wi) * xi for wi, xi in zip(w, x)), Value(b))
    return (act.relu() if nonlin else act).data


@check("a positive sum: out is the weighted sum of the inputs plus the bias")
def positive_sum(rng) -> Case:
    code, out, _, _ = _neuron(rng, sign=+1)
    return Case(code, {"out.data": out})


@check("a negative sum: relu makes out 0")
def negative_sum(rng) -> Case:
    code, out, _, _ = _neuron(rng, sign=-1)
    return Case(code, {"out.data": out})


@check("Neuron(nin, nonlin=False) is linear: a negative sum stays negative")
def linear_neuron(rng) -> Case:
    code, out, _, _ = _neuron(rng, sign=-1, nonlin=False)
    return Case(code, {"out.data": out})


@check("gradients: each weight gets its input, the bias 1, each input its weight")
def gradients(rng) -> Case:
    code, _, w, x = _neuron(rng, sign=+1, value_inputs=True)
    expected = {f"n.w[{i}].grad": xi for i, xi in enumerate(x)}
    expected["n.b.grad"] = 1.0
    expected.update({f"x[{i}].grad": wi for i, wi in enumerate(w)})
    return Case(code + "out.backward()\n", expected)


@check("parameters(): the neuron's own weights, then its bias, in one list")
def parameters(rng) -> Case:
    nin = rng.randint(2, 5)
    w = _numbers(rng, nin)
    code = f"n = Neuron({nin})\nfor p, v in zip(n.w, {w!r}):\n    p.data = v\nparams = n.parameters()\n"
    return Case(
        code,
        {
            "len(params)": nin + 1,
            "[p.data for p in params]": [*w, 0.0],
            "[p is q for p, q in zip(params, n.w + [n.b])]": [True] * (nin + 1),
        },
    )
