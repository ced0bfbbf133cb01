"""Lab adam: one Adam update (microgpt's beta1 0.85, beta2 0.99, with bias correction) of a list of Values."""

from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "One Adam update"
DEFINES = ("adam_step",)

HINTS = [
    "For each parameter `i`, first update the two averages in place: "
    "`m[i] = BETA1 * m[i] + (1 - BETA1) * p.grad` and `v[i] = BETA2 * v[i] + (1 - BETA2) * p.grad ** 2`.",
    "Then correct them for starting at 0, with `t` counting from 1: `m_hat = m[i] / (1 - BETA1 ** t)` "
    "and `v_hat = v[i] / (1 - BETA2 ** t)`.",
    "Move the parameter and clear its gradient: `p.data -= lr * m_hat / (v_hat ** 0.5 + EPS)`, then "
    "`p.grad = 0.0`.",
]

SOLUTION = '''\
from engine import Value

BETA1, BETA2, EPS = 0.85, 0.99, 1e-8


def adam_step(params, m, v, t, lr):
    """One Adam update of every parameter; m and v (one number per parameter) are updated in place."""
    for i, p in enumerate(params):
        m[i] = BETA1 * m[i] + (1 - BETA1) * p.grad
        v[i] = BETA2 * v[i] + (1 - BETA2) * p.grad ** 2
        m_hat = m[i] / (1 - BETA1 ** t)
        v_hat = v[i] / (1 - BETA2 ** t)
        p.data -= lr * m_hat / (v_hat ** 0.5 + EPS)
        p.grad = 0.0
'''

_LOOP = """\
        m[i] = BETA1 * m[i] + (1 - BETA1) * p.grad
        v[i] = BETA2 * v[i] + (1 - BETA2) * p.grad ** 2
        m_hat = m[i] / (1 - BETA1 ** t)
        v_hat = v[i] / (1 - BETA2 ** t)
        p.data -= lr * m_hat / (v_hat ** 0.5 + EPS)
"""

MISTAKES = [
    Mistake(
        "still gradient descent",
        mutate(SOLUTION, _LOOP, "        p.data -= lr * p.grad\n"),
        "{name} is {got} but should be {expected}: this is still plain gradient descent. Adam keeps the "
        "averages `m[i]` and `v[i]`, and steps by `lr * m_hat / (v_hat ** 0.5 + EPS)`.",
    ),
    Mistake(
        "no bias correction",
        mutate(
            mutate(SOLUTION, "m_hat = m[i] / (1 - BETA1 ** t)", "m_hat = m[i]"),
            "v_hat = v[i] / (1 - BETA2 ** t)",
            "v_hat = v[i]",
        ),
        "{name} is {got} but should be {expected}: m and v start at 0, so early on they are too small. "
        "Divide them by `1 - BETA1 ** t` and `1 - BETA2 ** t` (the bias correction) before the step.",
    ),
    Mistake(
        "betas swapped",
        mutate(
            mutate(SOLUTION, "m[i] = BETA1 * m[i] + (1 - BETA1)", "m[i] = BETA2 * m[i] + (1 - BETA2)"),
            "v[i] = BETA2 * v[i] + (1 - BETA2)",
            "v[i] = BETA1 * v[i] + (1 - BETA1)",
        ),
        "{name} is {got} but should be {expected}: m, the average of the gradients, uses BETA1 (0.85); v, "
        "the average of their squares, uses BETA2 (0.99).",
    ),
    Mistake(
        "no square root",
        mutate(SOLUTION, "(v_hat ** 0.5 + EPS)", "(v_hat + EPS)"),
        "{name} is {got} but should be {expected}: v is an average of *squared* gradients, so divide by "
        "its square root, `v_hat ** 0.5`, to get back to the size of a gradient.",
    ),
    Mistake(
        "m and v not kept",
        mutate(
            mutate(
                mutate(
                    mutate(SOLUTION, "m[i] = BETA1 * m[i]", "m_i = BETA1 * m[i]"),
                    "v[i] = BETA2 * v[i]",
                    "v_i = BETA2 * v[i]",
                ),
                "m_hat = m[i] /",
                "m_hat = m_i /",
            ),
            "v_hat = v[i] /",
            "v_hat = v_i /",
        ),
        "{name} is {got} but should be {expected}: the new averages must be stored back into the lists, "
        "`m[i] = ...` and `v[i] = ...`, so that the next step builds on them.",
    ),
    Mistake(
        "gradients left in place",
        mutate(SOLUTION, "        p.grad = 0.0\n", ""),
        "{name} is {got} but should be {expected}: after the step, set each parameter's gradient back to 0 "
        "(`p.grad = 0.0`), or the next backward() adds onto this step's gradient.",
    ),
]

BETA1, BETA2, EPS = 0.85, 0.99, 1e-8


def _reference(data: list, grads: list, m: list, v: list, t: int, lr: float) -> tuple[list, list, list]:
    """The parameters, m and v after one Adam step, in plain floats."""
    data, m, v = list(data), list(m), list(v)
    for i, g in enumerate(grads):
        m[i] = BETA1 * m[i] + (1 - BETA1) * g
        v[i] = BETA2 * v[i] + (1 - BETA2) * g**2
        data[i] -= lr * (m[i] / (1 - BETA1**t)) / ((v[i] / (1 - BETA2**t)) ** 0.5 + EPS)
    return data, m, v


def _step_case(rng, t: int, m: list, v: list) -> Case:
    n = len(m)
    data = [round(rng.uniform(-2, 2), 4) for _ in range(n)]
    grads = [round(rng.choice([-1, 1]) * 10 ** rng.uniform(-2, 1), 4) for _ in range(n)]
    lr = rng.choice([0.01, 0.05, 0.1])
    code = (
        "from engine import Value\n"
        f"params = [{', '.join(f'Value({d})' for d in data)}]\n"
        f"for p, g in zip(params, {grads!r}):\n"
        "    p.grad = g\n"
        f"m = {m!r}\n"
        f"v = {v!r}\n"
        f"adam_step(params, m, v, {t}, {lr})\n"
    )
    new_data, new_m, new_v = _reference(data, grads, m, v, t, lr)
    expected = {f"params[{i}].data": d for i, d in enumerate(new_data)}
    expected.update({f"m[{i}]": x for i, x in enumerate(new_m)})
    expected.update({f"v[{i}]": x for i, x in enumerate(new_v)})
    return Case(code, expected)


@check("the first step (t = 1, m and v all 0): parameters, m and v after it")
def first_step(rng) -> Case:
    n = rng.randint(2, 4)
    return _step_case(rng, 1, [0.0] * n, [0.0] * n)


@check("a later step (t from 2 to 40, m and v from earlier steps)")
def later_step(rng) -> Case:
    n = rng.randint(2, 4)
    m = [round(rng.uniform(-2, 2), 4) for _ in range(n)]
    v = [round(x * x * rng.uniform(1, 3), 4) for x in m]
    return _step_case(rng, rng.randint(2, 40), m, v)


@check("every gradient is back to 0 after the step")
def gradients_cleared(rng) -> Case:
    n = rng.randint(2, 4)
    case = _step_case(rng, rng.randint(1, 5), [0.0] * n, [0.0] * n)
    return Case(case.code, {"[p.grad for p in params]": [0.0] * n})
