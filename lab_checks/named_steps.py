"""Lab named-steps: (x*w + b - t)**2 built one labelled Value per operation, in the formula's order."""

from lab_checks.grading import Case, Mistake, Satisfies, check, mutate

TITLE = "Name every step"
DEFINES = ("error_squared",)

HINTS = [
    "Python computes `x * w + b - t` as `x * w` first, then `+ b`, then `- t`, then `** 2`: one line for "
    "each, in that order.",
    "Give each step its name twice: as a variable, and as the Value's label, e.g. `xw = x * w` and then "
    '`xw.label = "xw"`.',
    "Work with the Values themselves (`x * w`), never with `.data`: a plain number forgets where it "
    "came from, so the graph would stop there.",
    'The last two steps are `e = y - t` with `e.label = "e"`, and `L = e ** 2` with `L.label = "L"`; '
    "then `return L`.",
]

SOLUTION = '''\
from engine import Value


def error_squared(x, w, b, t):
    """(x*w + b - t)**2 as four labelled steps: xw, y, e and L."""
    xw = x * w
    xw.label = "xw"
    y = xw + b
    y.label = "y"
    e = y - t
    e.label = "e"
    L = e**2
    L.label = "L"
    return L
'''

STEPS = [["xw", "*", ["x", "w"]], ["y", "+", ["xw", "b"]], ["e", "-", ["y", "t"]], ["L", "**2", ["e"]]]
SQUARED_BY_PRODUCT = ["L", "*", ["e", "e"]]  # e * e is the same square, drawn as one product


def _formula_steps(got: object) -> bool:
    """The four steps of the formula, with the square written as e ** 2 (or 2.0) or as e * e."""
    if type(got) is not list or len(got) != 4 or got[:3] != STEPS[:3]:
        return False
    return got[3] in (STEPS[3], ["L", "**2.0", ["e"]], SQUARED_BY_PRODUCT)


MISTAKES = [
    Mistake(
        "steps without labels",
        mutate(
            SOLUTION,
            SOLUTION[SOLUTION.index("    xw = x * w") : SOLUTION.index("    return L")],
            "    L = (x * w + b - t) ** 2\n",
        ),
        "The value is right, but the steps in between have no labels, so a diagram could only show "
        "empty boxes. Split the line into four, one operation each, and label every result: "
        '`xw = x * w` then `xw.label = "xw"`, and so on for `y`, `e` and `L`.',
    ),
    Mistake(
        "plain numbers",
        mutate(
            SOLUTION,
            SOLUTION[SOLUTION.index("    xw = x * w") : SOLUTION.index("    return L")],
            "    xw = x.data * w.data\n    y = xw + b.data\n    e = y - t.data\n"
            '    L = Value(e**2, label="L")\n',
        ),
        "L has no steps behind it: `.data` is a plain number, which forgets where it came from, so the "
        "graph ends at L. Compute with the Values themselves (`x * w`, not `x.data * w.data`).",
    ),
    Mistake(
        "another grouping",
        mutate(
            SOLUTION,
            '    y = xw + b\n    y.label = "y"\n    e = y - t\n',
            '    y = b - t\n    y.label = "y"\n    e = xw + y\n',
        ),
        "The number is right, but the graph is not the formula's: you computed `b - t` first and added "
        "it to `xw`. Python reads `x * w + b - t` from left to right: `xw = x * w`, then `y = xw + b`, "
        "then `e = y - t`.",
    ),
    Mistake(
        "the square is missing",
        mutate(SOLUTION, "    L = e**2\n", "    L = e\n"),
        "{name} is {got} but should be {expected}: the distance `e` still has to be squared. Add the "
        'last step `L = e ** 2`, labelled `"L"`.',
    ),
    Mistake(
        "labels on the wrong steps",
        mutate(
            SOLUTION,
            'y.label = "y"\n    e = y - t\n    e.label = "e"',
            'y.label = "e"\n    e = y - t\n    e.label = "y"',
        ),
        "The steps are right but two labels are swapped: `y` is `xw + b` (the guess), and `e` is "
        "`y - t` (how far the guess is from the target).",
    ),
]

STEPS_OF = '''\
from engine import Value, topological_order


def steps(v):
    """Each operation behind v: its label, its operation, and the labels of its inputs."""
    return [[n.label, n._op, [c.label for c in n._prev]] for n in topological_order(v) if n._prev]

'''


def _inputs(rng) -> dict[str, float]:
    return {name: round(rng.uniform(-3, 3), 2) for name in ("x", "w", "b", "t")}


def _setup(inputs: dict[str, float]) -> str:
    names = ", ".join(inputs)
    values = ", ".join(f'Value({v!r}, label="{k}")' for k, v in inputs.items())
    return f"{names} = {values}\nL = error_squared({names})\n"


def _formula(i: dict[str, float]) -> float:
    return (i["x"] * i["w"] + i["b"] - i["t"]) ** 2


@check("the value of L = (x*w + b - t)**2 on random inputs", tol=1e-9)
def value(rng) -> Case:
    inputs = _inputs(rng)
    return Case("from engine import Value\n\n" + _setup(inputs), {"L.data": _formula(inputs)})


@check("the graph's steps: each operation with its label and its inputs, in the formula's order", cases=2)
def steps(rng) -> Case:
    expected = Satisfies(repr(STEPS), _formula_steps)
    return Case(STEPS_OF + _setup(_inputs(rng)), {"steps(L)": expected})


@check("the gradients of x, w, b and t after L.backward(), against measured slopes", tol=1e-6)
def gradients(rng) -> Case:
    inputs = _inputs(rng)
    e = inputs["x"] * inputs["w"] + inputs["b"] - inputs["t"]
    expected = {
        "x.grad": 2 * e * inputs["w"],
        "w.grad": 2 * e * inputs["x"],
        "b.grad": 2 * e,
        "t.grad": -2 * e,
    }
    for name, grad in expected.items():
        _confirm_by_nudging(inputs, name[0], grad)
    return Case("from engine import Value\n\n" + _setup(inputs) + "L.backward()\n", expected)


def _confirm_by_nudging(inputs: dict[str, float], name: str, grad: float, h: float = 1e-6) -> None:
    """The expected gradient is the slope a central difference measures (a guard for the grader itself)."""
    up, down = dict(inputs), dict(inputs)
    up[name] += h
    down[name] -= h
    measured = (_formula(up) - _formula(down)) / (2 * h)
    if abs(measured - grad) > 1e-4 * max(1.0, abs(grad)):
        raise AssertionError(f"named-steps: d/d{name} is {grad} by formula but {measured} by nudging")
