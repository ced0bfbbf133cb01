"""Lab accumulate: a backward pass over a list of steps that adds the gradients of all paths."""

from engine import Value
from engine import topological_order as order_of
from lab_checks.grading import Case, Mistake, check, mutate

TITLE = "Add up the paths"
DEFINES = ("backward",)

HINTS = [
    "Run the example by hand: when the loop visits `L` it gives `a` 1, when it visits `c` it gives `a` "
    "3. What does the line inside the loop do with the 1?",
    "Each visit should add its part to what the name already has, with `+=`, instead of replacing it "
    "with `=`.",
    "The first time a name turns up it has no entry in `grad` yet, so `grad[name] += ...` raises "
    "KeyError. `grad.get(name, 0.0)` gives 0.0 for a name that is not there yet.",
    "`grad[name] = grad.get(name, 0.0) + local * grad[result]`",
]

SOLUTION = '''\
def backward(steps, output):
    """The gradient of output with respect to every name in steps, as a dict."""
    grad = {output: 1.0}
    for result, inputs in steps:
        for name, local in inputs:
            grad[name] = grad.get(name, 0.0) + local * grad[result]
    return grad
'''

FIXED = "grad[name] = grad.get(name, 0.0) + local * grad[result]"

MISTAKES = [
    Mistake(
        "overwrites",
        mutate(SOLUTION, FIXED, "grad[name] = local * grad[result]"),
        "{name} is {got} but should be {expected}: it kept only the last path that reached it. Each "
        "visit must add its part to what is already there (`+=`), not replace it (`=`).",
    ),
    Mistake(
        "+= on a missing entry",
        mutate(SOLUTION, FIXED, "grad[name] += local * grad[result]"),
        "KeyError: `+=` needs something to add to, and the first time a name turns up it has no entry "
        "in `grad` yet. Start from 0 when it is missing: "
        "`grad[name] = grad.get(name, 0.0) + local * grad[result]`.",
    ),
    Mistake(
        "starts at 1",
        mutate(SOLUTION, FIXED, "grad[name] = grad.get(name, 1.0) + local * grad[result]"),
        "{name} is {got} but should be {expected}, one too many: a gradient starts at 0 and only the "
        "paths add to it. Use `grad.get(name, 0.0)`; only the output itself starts at 1.",
    ),
    Mistake(
        "adds the local gradient alone",
        mutate(SOLUTION, FIXED, "grad[name] = grad.get(name, 0.0) + local"),
        "{name} is {got} but should be {expected}: each path brings the local gradient times the "
        "gradient of the step's result, `local * grad[result]`, not the local gradient alone.",
    ),
    Mistake(
        "keeps the first path",
        mutate(SOLUTION, FIXED, "if name not in grad:\n                grad[name] = local * grad[result]"),
        "{name} is {got} but should be {expected}: only the first path that reached it was counted. "
        "Every path adds its part: `grad[name] = grad.get(name, 0.0) + local * grad[result]`.",
    ),
]

INPUTS = "abcdef"
RESULTS = "mnpqrsuvwz"  # the steps' names; the last step is always called L


def _steps_code(output: Value, names: dict[int, str]) -> str:
    """The graph of output as the lab's list of steps, from the output back to the inputs."""
    lines = ["steps = ["]
    for v in reversed(order_of(output)):
        if not v._prev:
            continue
        inputs = ", ".join(
            f'("{names[id(child)]}", {float(local)!r})' for child, local in zip(v._prev, v._local_grads)
        )
        lines.append(f'    ("{names[id(v)]}", [{inputs}]),')
    lines.append("]")
    return "\n".join(lines) + '\ngrad = backward(steps, "L")\n'


def _case(output: Value, named: dict[str, Value]) -> Case:
    """Expected gradients from engine/'s backward(); the names it checks are those in the steps."""
    names = {id(v): n for n, v in named.items()}
    output.backward()
    expected = {f'grad.get("{n}")': v.grad for n, v in named.items() if any(v is u for u in order_of(output))}
    return Case(_steps_code(output, names), expected)


def _number(rng) -> float:
    return float(rng.choice([-3, -2, -1, 1, 2, 3]))


@check("the lesson's graph, c = a * b and L = c + a, with random a and b")
def lesson_graph(rng) -> Case:
    a, b = Value(_number(rng)), Value(rng.choice([-3.0, -2.0, 2.0, 3.0]))  # b = 1 would hide which path won
    c = a * b
    L = c + a
    return _case(L, {"a": a, "b": b, "c": c, "L": L})


@check("a number used twice in one step: m = a * a, then L = m * b")
def same_step_twice(rng) -> Case:
    a, b = Value(_number(rng)), Value(_number(rng))
    m = a * a
    L = m * b
    return _case(L, {"a": a, "b": b, "m": m, "L": L})


@check("random graphs of + and *, where numbers reach L along several paths", cases=4)
def random_graphs(rng) -> Case:
    while True:
        named = {n: Value(_number(rng)) for n in INPUTS[: rng.randint(2, 4)]}
        pool = list(named.values())
        for name in RESULTS[: rng.randint(2, 5)]:
            x, y = rng.choice(pool), rng.choice(pool[-3:])  # often the newest, so paths branch and join
            named[name] = x + y if rng.random() < 0.5 else x * y
            pool.append(named[name])
        named["L"] = (
            pool[-1] * rng.choice(pool[:-1]) if rng.random() < 0.5 else pool[-1] + rng.choice(pool[:-1])
        )
        uses: dict[int, int] = {}
        graph = order_of(named["L"])
        for v in graph:
            for child in v._prev:
                uses[id(child)] = uses.get(id(child), 0) + 1
        if max(uses.values()) >= 2 and all(abs(v.data) <= 1e6 for v in graph):
            return _case(named["L"], named)
