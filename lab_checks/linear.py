"""Lab linear: a layer without bias, one weighted sum of the inputs per row of its matrix."""

from lab_checks.grading import Case, Mistake, check, mutate, value_case

TITLE = "Write a linear layer"
DEFINES = ("linear",)

HINTS = [
    "The result has one entry per row of `w`: loop over the rows, `for row in w`.",
    "Each entry is that row dotted with `x`: pair them with `zip(row, x)`, multiply each pair and add "
    "up the products with `sum(...)`. Multiply the Values themselves, not their `.data`.",
    "Put the two together in one list comprehension: the loop over the rows outside, the `sum` over "
    "the pairs of one row inside. A list of lists, or a single number, is not a vector of outputs.",
]

SOLUTION = '''\
from engine import Value


def linear(x, w):
    """Each row of w dotted with x: one output per row."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
'''

MISTAKES = [
    Mistake(
        "columns instead of rows",
        mutate(
            SOLUTION,
            "[sum(wi * xi for wi, xi in zip(row, x)) for row in w]",
            "[sum(w[j][i] * x[j] for j in range(len(x))) for i in range(len(w[0]))]",
        ),
        "linear mixed up the rows and columns of w. w is a list of rows, one row per output, and each "
        "row is as long as x: dot each row with x (`for row in w`, then `zip(row, x)`), not each column.",
    ),
    Mistake(
        "plain numbers",
        mutate(SOLUTION, "sum(wi * xi for", "sum(wi.data * getattr(xi, 'data', xi) for"),
        "{name} is {got} but should be {expected}: linear returned plain numbers, so backward() cannot "
        "reach the weights. Multiply the Values themselves, `wi * xi`, not their `.data`.",
    ),
    Mistake(
        "one number for all rows",
        mutate(
            SOLUTION,
            "[sum(wi * xi for wi, xi in zip(row, x)) for row in w]",
            "sum(wi * xi for row in w for wi, xi in zip(row, x))",
        ),
        "linear returned a single Value, not a list: it added up the products of every row together. "
        "Make one sum per row, `[sum(...) for row in w]`, so there is one output per row of w.",
    ),
    Mistake(
        "products not added up",
        mutate(
            SOLUTION,
            "[sum(wi * xi for wi, xi in zip(row, x)) for row in w]",
            "[[wi * xi for wi, xi in zip(row, x)] for row in w]",
        ),
        "{name} is {got} but should be {expected}: each output must be one number, the sum of its "
        "row's products, `sum(wi * xi for wi, xi in zip(row, x))`, not the list of the products.",
    ),
]

_REFERENCE: dict = {}
exec(SOLUTION, _REFERENCE)
REFERENCE = {"linear": _REFERENCE["linear"]}


def _importing(case: Case) -> Case:
    """The case with Value imported first, so it runs even if the learner's code dropped the import."""
    return Case("from engine import Value\n" + case.code, case.expected, case.tol)


def _shape(rng) -> tuple[int, int]:
    """Rows (outputs) and columns (inputs), never equal, so rows and columns cannot be mixed up."""
    n_in = rng.randint(2, 4)
    return rng.choice([n for n in range(1, 6) if n != n_in]), n_in


def _number(rng) -> float:
    return round(rng.uniform(-2, 2), 4)


def _matrix_code(rows: int, cols: int, name: str = "w") -> str:
    return (
        "["
        + ", ".join("[" + ", ".join(f"{name}{i}_{j}" for j in range(cols)) + "]" for i in range(rows))
        + "]"
    )


@check("one output per row of w, each a Value")
def shape(rng) -> Case:
    rows, cols = _shape(rng)
    w = (
        "["
        + ", ".join("[" + ", ".join(f"Value({_number(rng)})" for _ in range(cols)) + "]" for _ in range(rows))
        + "]"
    )
    x = "[" + ", ".join(f"Value({_number(rng)})" for _ in range(cols)) + "]"
    return Case(
        f"from engine import Value\nout = linear({x}, {w})\n",
        {"len(out)": rows, "[type(o).__name__ for o in out]": ["Value"] * rows},
    )


@check("outputs, and the gradients of every weight and input")
def values_and_gradients(rng):
    rows, cols = _shape(rng)
    inputs = {f"x{j}": _number(rng) for j in range(cols)}
    inputs.update({f"w{i}_{j}": _number(rng) for i in range(rows) for j in range(cols)})
    factors = [round(rng.uniform(0.5, 2), 2) for _ in range(rows)]
    loss = " + ".join(f"{f} * out[{i}]" for i, f in enumerate(factors))
    x = "[" + ", ".join(f"x{j}" for j in range(cols)) + "]"
    code = f"out = linear({x}, {_matrix_code(rows, cols)})\nL = {loss}\nL.backward()"
    observe = [f"out[{i}].data" for i in range(rows)] + [f"{name}.grad" for name in inputs]
    return _importing(value_case(code, inputs, observe, reference=REFERENCE))


@check("x as plain numbers (a one-hot list picks out a column of w)")
def plain_inputs(rng):
    rows, cols = _shape(rng)
    inputs = {f"w{i}_{j}": _number(rng) for i in range(rows) for j in range(cols)}
    hot = rng.randrange(cols)
    x = [1.0 if j == hot else 0.0 for j in range(cols)]
    code = f"out = linear({x!r}, {_matrix_code(rows, cols)})\nL = " + " + ".join(
        f"out[{i}]" for i in range(rows)
    )
    code += "\nL.backward()"
    observe = [f"out[{i}].data" for i in range(rows)] + [
        f"w{i}_{j}.grad" for i in range(rows) for j in range(cols)
    ]
    return _importing(value_case(code, inputs, observe, reference=REFERENCE))
