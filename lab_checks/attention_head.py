"""Lab attention-head: one causal attention head, each position mixing the values of itself and the past."""

from engine import Value
from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "One head of causal attention"
DEFINES = ("attention",)

HINTS = [
    "Work on one position at a time. Position `t` may look at positions `0` to `t`, so its keys are "
    "`keys[: t + 1]`; its query is `queries[t]`, and `d = len(queries[0])` is the head's size.",
    "A score is a dot product divided by the square root of the head's size: "
    "`sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(d)`, one per key. `softmax(scores)` turns them "
    "into weights that add up to 1.",
    "The output of position `t` has one number per dimension `j` of a value: "
    "`[sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]` "
    "(zip stops after the `t + 1` weights, so the future's values are never used).",
]

SOLUTION = '''\
import math

from engine import Value
from gpt.model import softmax


def attention(queries, keys, values):
    """One causal head: position t mixes values[0..t], weighted by softmax(q_t . k_s / sqrt(d))."""
    d = len(queries[0])
    outputs = []
    for t, q in enumerate(queries):
        scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(d) for k in keys[: t + 1]]
        weights = softmax(scores)
        outputs.append([sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))])
    return outputs
'''

WRONG_AXIS = """\
import math

from engine import Value
from gpt.model import softmax


def attention(queries, keys, values):
    d = len(queries[0])
    n = len(queries)
    scores = [
        [sum(qi * ki for qi, ki in zip(queries[t], keys[s])) / math.sqrt(d) for s in range(t + 1)]
        for t in range(n)
    ]
    weights = [[None] * (t + 1) for t in range(n)]
    for s in range(n):  # softmax down each column (over the queries), not along each row
        column = softmax([scores[t][s] for t in range(s, n)])
        for t, w in zip(range(s, n), column):
            weights[t][s] = w
    return [
        [sum(w * v[j] for w, v in zip(weights[t], values)) for j in range(len(values[0]))] for t in range(n)
    ]
"""

MISTAKES = [
    Mistake(
        "each position looks only at itself",
        mutate(
            SOLUTION,
            "outputs.append([sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))])",
            "outputs.append(values[t])",
        ),
        "{name} is {got} but should be {expected}: each position still returns its own value. Mix the "
        "values of positions 0 to t instead, each weighted by softmax of the scores q · k / √d.",
    ),
    Mistake(
        "no 1/sqrt(d) scaling",
        mutate(SOLUTION, " / math.sqrt(d) for k", " for k"),
        "{name} is {got} but should be {expected}: divide each score by `math.sqrt(d)`, the square "
        "root of the head's size. Without it the scores grow with d and softmax puts nearly all the "
        "weight on one position.",
    ),
    Mistake(
        "dividing by d instead of its square root",
        mutate(SOLUTION, " / math.sqrt(d) for k", " / d for k"),
        "{name} is {got} but should be {expected}: divide the scores by the square root of the head's "
        "size, `math.sqrt(d)`, not by d itself.",
    ),
    Mistake(
        "attending to the future",
        mutate(SOLUTION, "for k in keys[: t + 1]]", "for k in keys]"),
        "{name} is {got} but should be {expected}: position t may only look at positions 0 to t. Score "
        "the keys `keys[: t + 1]`, not all of them: a model that sees the next letter has nothing to "
        "learn.",
    ),
    Mistake(
        "softmax over the wrong axis",
        WRONG_AXIS,
        "{name} is {got} but should be {expected}: the weights of one position (one query) must add up "
        "to 1. Take the softmax of that position's own scores, one row at a time, not of one key's "
        "scores across positions.",
    ),
    Mistake(
        "mixing the keys instead of the values",
        mutate(SOLUTION, "zip(weights, values))", "zip(weights, keys))"),
        "{name} is {got} but should be {expected}: keys only decide the weights; the output is the "
        "weighted sum of the **values**, `zip(weights, values)`.",
    ),
    Mistake(
        "the wrong d",
        mutate(SOLUTION, "d = len(queries[0])", "d = len(queries)"),
        "{name} is {got} but should be {expected}: d is the head's size, the length of one query "
        "(`len(queries[0])`), not the number of positions (`len(queries)`).",
    ),
    Mistake(
        "returning the weights",
        mutate(
            SOLUTION,
            "outputs.append([sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))])",
            "outputs.append(weights)",
        ),
        "{name} is {got} but should be {expected}: the weights say how much to take from each value; "
        "the output of a position is the mix itself, one number per dimension of a value.",
    ),
]


def _vectors(rng, n: int, d: int) -> list[list[float]]:
    return [[round(rng.uniform(-2, 2), 2) for _ in range(d)] for _ in range(n)]


_REFERENCE: dict = {}
exec(SOLUTION, _REFERENCE)
_reference = _REFERENCE["attention"]  # the course's answer, on the engine's Value


def _setup(rng, n: int, d: int) -> tuple:
    """Code that builds random queries, keys and values as Values and calls attention, and the numbers."""
    q, k, v = _vectors(rng, n, d), _vectors(rng, n, d), _vectors(rng, n, d)

    def values(rows: list) -> str:
        return "[" + ", ".join("[" + ", ".join(f"Value({x})" for x in row) + "]" for row in rows) + "]"

    code = (
        "from engine import Value\n"
        f"q = {values(q)}\nk = {values(k)}\nv = {values(v)}\n"
        "out = attention(q, k, v)\n"
    )
    return code, q, k, v


@check("one position can only look at itself: its output is its own value")
def one_position(rng) -> Case:
    code, q, k, v = _setup(rng, 1, 2)
    return Case(
        code,
        {"len(out)": 1, "[len(o) for o in out]": [2], "out[0][0].data": v[0][0], "out[0][1].data": v[0][1]},
    )


@check("three positions, head size 2: each output mixes the values of its own position and earlier ones")
def three_positions(rng) -> Case:
    code, q, k, v = _setup(rng, 3, 2)
    ref = _reference(*([[Value(x) for x in row] for row in m] for m in (q, k, v)))
    expected: dict[str, object] = {"len(out)": 3, "[len(o) for o in out]": [2, 2, 2]}
    expected.update({f"out[{t}][{j}].data": ref[t][j].data for t in range(3) for j in range(2)})
    return Case(code, expected)


@check("four positions, head size 4: gradients reach the queries, keys and values")
def gradients(rng) -> Case:
    code, q, k, v = _setup(rng, 4, 4)
    Q, K, V = ([[Value(x) for x in row] for row in m] for m in (q, k, v))
    ref = _reference(Q, K, V)
    loss = sum(ref[3]) + ref[2][0]
    loss.backward()
    expected = {"L.data": loss.data}
    expected.update({f"q[3][{j}].grad": Q[3][j].grad for j in range(2)})
    expected.update({f"k[{s}][1].grad": K[s][1].grad for s in range(4)})
    expected.update({f"v[{s}][0].grad": V[s][0].grad for s in range(4)})
    return Case(code + "L = sum(out[3]) + out[2][0]\nL.backward()\n", expected)
