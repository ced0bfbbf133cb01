"""Lab slope: the numerical derivative of f at x by the symmetric (central) difference."""

from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "Measure a slope"
DEFINES = ("slope",)

HINTS = [
    "Nudge `x` a little both ways: work out `f(x + h)` and `f(x - h)`.",
    "The slope is how much `f` changed divided by how much `x` changed. From `x - h` to `x + h`, "
    "`x` changed by `2 * h`.",
    "Return that change of `f` over that change of `x`, and mind the brackets: `/ 2 * h` divides by 2 "
    "and then multiplies by `h`, while `/ (2 * h)` divides by the whole change.",
]

SOLUTION = '''\
def slope(f, x, h=1e-5):
    """How fast f changes at x: nudge x by h both ways and compare."""
    return (f(x + h) - f(x - h)) / (2 * h)
'''

MISTAKES = [
    Mistake(
        "forward difference",
        mutate(SOLUTION, "(f(x + h) - f(x - h)) / (2 * h)", "(f(x + h) - f(x)) / h"),
        "{name} gave {got}, close to {expected} but not close enough: a nudge in one direction only "
        "measures the slope a little to one side of x. Nudge both ways, `f(x + h) - f(x - h)`, and "
        "divide by the distance between them, `2 * h`.",
    ),
    Mistake(
        "divides by h",
        mutate(SOLUTION, "/ (2 * h)", "/ h"),
        "{name} gave {got}, twice {expected}: from `x - h` to `x + h` is a distance of `2 * h`, not `h`.",
    ),
    Mistake(
        "precedence of / 2 * h",
        mutate(SOLUTION, "/ (2 * h)", "/ 2 * h"),
        "{name} gave {got}, tiny next to {expected}: `/ 2 * h` divides by 2 and then multiplies by h. "
        "Write `/ (2 * h)`.",
    ),
    Mistake(
        "precedence of f(x - h) / (2 * h)",
        mutate(SOLUTION, "(f(x + h) - f(x - h)) / (2 * h)", "f(x + h) - f(x - h) / (2 * h)"),
        "{name} gave {got} instead of {expected}: without brackets only `f(x - h)` is divided. Put "
        "the whole difference in brackets: `(f(x + h) - f(x - h)) / (2 * h)`.",
    ),
    Mistake(
        "returns a function",
        mutate(SOLUTION, "return (f(x + h)", "return lambda x: (f(x + h)"),
        "slope returned a function, not a number. Work the slope out at the x you were given and "
        "return that number.",
    ),
    Mistake(
        "ignores h",
        mutate(
            SOLUTION, "return (f(x + h) - f(x - h)) / (2 * h)", "return (f(x + 1e-5) - f(x - 1e-5)) / 2e-5"
        ),
        "{name} gave {got} but with the h it was given the answer is {expected}: use the parameter "
        "`h` rather than a fixed number, so callers can choose the nudge.",
    ),
]


def _x(rng) -> float:
    return round(rng.uniform(-3, 3), 3)


def _plus(v: float) -> str:
    return f"+ {v}" if v >= 0 else f"- {-v}"


@check("the slope of a parabola, a·x² + b·x + c, at a random x", tol=1e-7)
def parabola(rng) -> Case:
    a, b, c = round(rng.uniform(1, 3), 2), round(rng.uniform(-4, 4), 2), round(rng.uniform(-5, 5), 2)
    x = _x(rng)
    return Case(
        f"def f(x):\n    return {a} * x**2 {_plus(b)} * x {_plus(c)}\n", {f"slope(f, {x})": 2 * a * x + b}
    )


@check("the slope of an exponential, e^(k·x), at a random x", tol=1e-7)
def exponential(rng) -> Case:
    import math

    k = round(rng.uniform(0.5, 1.5), 2)
    x = _x(rng)
    return Case(
        f"import math\n\ndef f(x):\n    return math.exp({k} * x)\n", {f"slope(f, {x})": k * math.exp(k * x)}
    )


@check("the slope with the h it is given, slope(f, x, h=0.1), for f(x) = x³", tol=1e-9)
def given_h(rng) -> Case:
    x, h = _x(rng), 0.1
    f = lambda t: t**3  # noqa: E731 -- the same f as the case's code
    return Case("def f(x):\n    return x**3\n", {f"slope(f, {x}, h={h})": (f(x + h) - f(x - h)) / (2 * h)})
