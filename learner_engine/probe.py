"""Before a trainer runs on the learner's engine: each piece tried on small numbers against the course's,
so a broken piece is named, with its lab, before it can spoil a training run."""

import functools
import math
import random
import types

import engine
from gpt import model as course
from training.loop import SettingsError

# (what is tried, the lab to revisit, the code: inputs a, b and the engine's Value as V)
OPERATIONS = (
    ("Value.__add__ (a + b)", "value-ops", "L = a + b"),
    ("Value.__mul__ (a * b)", "value-ops", "L = a * b"),
    ("Value.__pow__ (a ** 3)", "value-ops", "L = a ** 3"),
    ("Value.__pow__ (a ** -0.5)", "value-ops", "L = b ** -0.5"),
    ("Value.relu (a.relu())", "value-ops", "L = a.relu() + (-a).relu()"),
    ("Value.tanh (a.tanh())", "value-ops", "L = a.tanh()"),
    ("Value.exp (a.exp())", "value-ops", "L = a.exp()"),
    ("Value.log (b.log())", "value-ops", "L = b.log()"),
    ("a number on either side (2 * a + 1)", "value-ops", "L = 2 * a + 1 + a * 2"),
    ("subtraction and division (a - b, a / b)", "value-ops", "L = (a - b) / b"),
    ("Value.backward (a Value used twice)", "backward", "c = a * b\nL = (c + a) * c"),
    (
        "Value.backward (a deeper graph)",
        "backward",
        "x = a\nfor _ in range(4):\n    x = (x * b + x).tanh()\nL = x",
    ),
)


class EngineBroken(SettingsError):
    """The learner's engine cannot run, in words the page shows as they are (and the lab to revisit)."""

    kind = "EngineBroken"

    def __init__(self, message: str, lab: str | None = None):
        super().__init__(message)
        self.lab = lab


def broken(piece: str, lab: str, problem: str) -> EngineBroken:
    return EngineBroken(
        f"Your {piece} {problem}. Revisit lab {lab}; the course's engine runs meanwhile.", lab
    )


def probe(mine: types.ModuleType, gpt: bool = True) -> None:
    """Raise EngineBroken for the first piece of mine (microgpt's glue on my_engine) that is wrong: the
    Value operations and backward(), then (gpt) the GPT's pieces."""
    rng = random.Random(7)
    a, b = round(rng.uniform(0.3, 1.5), 3), round(rng.uniform(1.5, 2.5), 3)
    for piece, lab, code in OPERATIONS:
        own = lab == "backward"  # an operation is tried with the course's sweep, backward() on its own
        got = _attempt(piece, lab, functools.partial(_gradients, mine.Value, code, a, b, own))
        expected = _gradients(engine.Value, code, a, b, True)
        for name, value in expected.items():
            if not _close(got[name], value):
                raise broken(piece, lab, f"gives {name} = {_show(got[name])} where {_show(value)} is right")
    if gpt:
        _gpt_parts(mine)


def _gpt_parts(mine) -> None:
    scores, x = [0.5, -1.2, 2.0], [0.6, -1.5]
    w = [[0.3, -0.7], [1.1, 0.2], [-0.4, 0.9]]
    rows = [[0.2, -0.3], [0.5, 0.1], [-0.6, 0.4]]
    compare = functools.partial(_compare, mine.Value)
    compare("softmax()", "softmax-cross-entropy", mine.softmax, course.softmax, scores)
    compare("cross_entropy()", "softmax-cross-entropy", mine.cross_entropy, _course_cross_entropy, scores, 2)
    compare("linear()", "linear", mine.linear, course.linear, x, w)
    compare("attention()", "attention-head", mine.attention, _course_attention, rows, rows[::-1], rows)
    mine_params, course_params = [mine.Value(0.5), mine.Value(-1.0)], [engine.Value(0.5), engine.Value(-1.0)]
    for p, g in zip(mine_params + course_params, (0.3, -0.2) * 2):
        p.grad = g
    _attempt("adam_step()", "adam", lambda: mine.adam_step(mine_params, [0.0, 0.0], [0.0, 0.0], 1, 0.01))
    course.Adam(course_params).step(0.01)
    for p, q in zip(mine_params, course_params):
        if not _close(p.data, q.data):
            raise broken(
                "adam_step()", "adam", f"moves a parameter to {_show(p.data)} where {_show(q.data)} is right"
            )


def _compare(Value, piece: str, lab: str, mine_f, course_f, *args) -> None:
    """mine_f and course_f on the same numbers (lists of them become Values): outputs and gradients."""
    got, mine_inputs = _call(mine_f, Value, args, piece, lab)
    expected, course_inputs = _call(course_f, engine.Value, args)
    if len(got) != len(expected):
        raise broken(piece, lab, f"gives {len(got)} outputs where {len(expected)} are right")
    for i, (g, e) in enumerate(zip(got, expected)):
        if not _close(getattr(g, "data", g), e.data):
            raise broken(
                piece,
                lab,
                f"gives output {i} = {_show(getattr(g, 'data', g))} where {_show(e.data)} is right",
            )
    # A weighted sum of the outputs, so every output's gradient counts and none cancels another.
    _attempt(piece, lab, lambda: sum(o * (i + 1) for i, o in enumerate(got)).backward())
    sum(o * (i + 1) for i, o in enumerate(expected)).backward()
    for i, (g, e) in enumerate(zip(mine_inputs, course_inputs)):
        if not _close(g.grad, e.grad):
            raise broken(
                piece, lab, f"passes input {i} a gradient of {_show(g.grad)} where {_show(e.grad)} is right"
            )


def _call(f, Value, args: tuple, piece: str = "", lab: str = "") -> tuple[list, list]:
    """f's outputs, flattened, on args whose lists of numbers are made Values; and those Values."""
    leaves: list = []

    def values(x):
        if isinstance(x, list):
            return [values(i) for i in x]
        leaves.append(Value(x))
        return leaves[-1]

    out = _attempt(piece, lab, lambda: f(*[values(a) if isinstance(a, list) else a for a in args]))
    flat = out if isinstance(out, list) else [out]
    while flat and isinstance(flat[0], list):
        flat = [v for row in flat for v in row]
    return flat, leaves


def _course_cross_entropy(logits, target):
    return -course.softmax(logits)[target].log()


def _course_attention(queries, keys, values):
    d = len(queries[0])
    out = []
    for t, q in enumerate(queries):
        weights = course.softmax([sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in keys[: t + 1]])
        out.append([sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))])
    return out


def _gradients(Value, code: str, a: float, b: float, own_backward: bool) -> dict[str, float]:
    """L.data, a.grad and b.grad for code; with own_backward False the course's sweep fills in the
    gradients from each node's stored local gradients, so an operation is tried apart from backward()."""
    space = {"a": Value(a), "b": Value(b)}
    exec(code, space)
    L = space["L"]
    if own_backward or not hasattr(L, "_local_grads"):
        L.backward()
    else:
        order = engine.topological_order(L)
        for v in order:
            v.grad = 0.0
        L.grad = 1.0
        for v in reversed(order):
            for child, local in zip(v._prev, v._local_grads):
                child.grad += local * v.grad
    return {"L.data": L.data, "a.grad": space["a"].grad, "b.grad": space["b"].grad}


def _attempt(piece: str, lab: str, work):
    try:
        return work()
    except Exception as e:  # noqa: BLE001 -- any error of the learner's code is the message
        raise broken(piece, lab, f"raises {type(e).__name__}: {e}") from e


def _close(got, expected) -> bool:
    try:
        return math.isclose(float(got), expected, rel_tol=1e-6, abs_tol=1e-9)
    except (TypeError, ValueError):
        return False


def _show(x) -> str:
    return f"{x:.6g}" if isinstance(x, float) else repr(x)
