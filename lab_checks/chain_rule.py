"""Lab chain-rule: gradients through a -> b -> c -> L by multiplying local gradients backward."""

from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "Multiply along the chain"
DEFINES = ("gradients",)

HINTS = [
    "Start at the output and work back: `grad_c` first, then `grad_b`, `grad_a` and last `grad_x`. Each "
    "one is a local gradient times the gradient you found just before it.",
    "The local gradients: `L = c**2` gives `2 * c`; `c = b + 1` gives `1`; `b = 3 * a` gives `3`; "
    "`a = x**2` gives `2 * x`.",
    "A squaring step's local gradient uses the step's input: for `a = x**2` that is `2 * x`, not `2 * a`.",
    "`grad_c = 2 * c * grad_L`, `grad_b = 1 * grad_c`, `grad_a = 3 * grad_b`, `grad_x = 2 * x * grad_a`.",
]

SOLUTION = '''\
def forward(x):
    """The chain x -> a -> b -> c -> L, on plain numbers."""
    a = x**2
    b = 3 * a
    c = b + 1
    L = c**2
    return a, b, c, L


def gradients(x):
    """The rate of L with respect to c, b, a and x, multiplying local gradients backward."""
    a, b, c, L = forward(x)
    grad_L = 1.0
    grad_c = 2 * c * grad_L
    grad_b = 1 * grad_c
    grad_a = 3 * grad_b
    grad_x = 2 * x * grad_a
    return {"c": grad_c, "b": grad_b, "a": grad_a, "x": grad_x}
'''

FILLED = SOLUTION[SOLUTION.index("    grad_c =") : SOLUTION.index("    return {")]


def _with(lines: str) -> str:
    return mutate(SOLUTION, FILLED, lines)


MISTAKES = [
    Mistake(
        "nothing filled in",
        _with("    grad_c = 0.0\n    grad_b = 0.0\n    grad_a = 0.0\n    grad_x = 0.0\n"),
        "{name} is still {got}; it should be {expected}. Fill in the TODO lines from the output end: "
        "`grad_c` is the local gradient of `L = c**2` (that is `2 * c`) times `grad_L`.",
    ),
    Mistake(
        "the last square's rate with x",
        mutate(SOLUTION, "grad_c = 2 * c * grad_L", "grad_c = 2 * x * grad_L"),
        "{name} is {got} but should be {expected}: the last step is `L = c**2`, so its local gradient "
        "is twice that step's input, `2 * c`. `2 * x` belongs to the first step, `a = x**2`.",
    ),
    Mistake(
        "local gradients alone",
        _with("    grad_c = 2 * c\n    grad_b = 1.0\n    grad_a = 3.0\n    grad_x = 2 * x\n"),
        "{name} is {got} but should be {expected}: that is the step's local gradient on its own. Multiply "
        "it by the gradient of the step after it, e.g. `grad_b = 1 * grad_c`.",
    ),
    Mistake(
        "adds instead of multiplying",
        _with(
            "    grad_c = 2 * c + grad_L\n    grad_b = 1 + grad_c\n    grad_a = 3 + grad_b\n"
            "    grad_x = 2 * x + grad_a\n"
        ),
        "{name} is {got} but should be {expected}: along a path the rates multiply, they do not add. A "
        "step that triples its input triples every nudge that comes through it: `grad_a = 3 * grad_b`.",
    ),
    Mistake(
        "the value of the step instead of its rate",
        _with(
            "    grad_c = c**2 * grad_L\n    grad_b = 1 * grad_c\n    grad_a = 3 * grad_b\n"
            "    grad_x = x**2 * grad_a\n"
        ),
        "{name} is {got} but should be {expected}: `c**2` is what the last step computes, not how fast it "
        "changes. The local gradient of a square is twice its input: `2 * c` (and `2 * x` for `a = x**2`).",
    ),
    Mistake(
        "the square's rate without x",
        _with(
            "    grad_c = 2 * c * grad_L\n    grad_b = 1 * grad_c\n    grad_a = 3 * grad_b\n"
            "    grad_x = 2 * grad_a\n"
        ),
        "{name} is {got} but should be {expected}: the local gradient of `a = x**2` is `2 * x`, so it "
        "depends on where x is (6 at x = 3, but -2 at x = -1). Multiply by `2 * x`, not just 2.",
    ),
    Mistake(
        "the square's rate with its result",
        _with(
            "    grad_c = 2 * c * grad_L\n    grad_b = 1 * grad_c\n    grad_a = 3 * grad_b\n"
            "    grad_x = 2 * a * grad_a\n"
        ),
        "{name} is {got} but should be {expected}: for the step `a = x**2` the local gradient is twice "
        "the step's input, `2 * x`, not twice its result `a`.",
    ),
]


def _chain(x: float) -> tuple[float, float, float, float]:
    a = x**2
    b = 3 * a
    c = b + 1
    return a, b, c, c**2


def _expected(x: float) -> dict[str, float]:
    """Every gradient by the chain rule, each confirmed by nudging that node and re-running the rest."""
    a, b, c, _ = _chain(x)
    grads = {"c": 2 * c, "b": 2 * c, "a": 6 * c, "x": 12 * c * x}
    rest = {  # L as a function of one node, with everything before it held fixed
        "c": lambda v: v**2,
        "b": lambda v: (v + 1) ** 2,
        "a": lambda v: (3 * v + 1) ** 2,
        "x": lambda v: _chain(v)[3],
    }
    here = {"c": c, "b": b, "a": a, "x": x}
    for name, L_of in rest.items():
        h = 1e-6 * max(1.0, abs(here[name]))
        measured = (L_of(here[name] + h) - L_of(here[name] - h)) / (2 * h)
        if abs(measured - grads[name]) > 1e-4 * max(1.0, abs(grads[name])):
            raise AssertionError(f"chain-rule: dL/d{name} is {grads[name]} but nudging gives {measured}")
    return grads


def _x(rng) -> float:
    x = 0.0
    while abs(x) < 0.1 or abs(abs(x) - 1) < 0.1:  # away from 0 and ±1, where some wrong answers are right
        x = round(rng.uniform(-1.5, 1.5), 3)
    return x


@check("near the output: dL/dc and dL/db at a random x", tol=1e-9)
def near_output(rng) -> Case:
    x = _x(rng)
    grads = _expected(x)
    return Case(f"g = gradients({x})\n", {'g["c"]': grads["c"], 'g["b"]': grads["b"]})


@check("all the way back: dL/da and dL/dx at a random x", tol=1e-9)
def all_the_way(rng) -> Case:
    x = _x(rng)
    grads = _expected(x)
    return Case(f"g = gradients({x})\n", {'g["a"]': grads["a"], 'g["x"]': grads["x"]})
