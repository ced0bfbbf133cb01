"""Likely causes read from the learner's graph itself, node by node against the course's graph.

The course's graph (from engine/'s Value) and the learner's are walked side by side from the output;
a node is paired with the learner's node in the same place, children matched by their values. These
functions read attributes of learner objects, so they run inside the sandbox (Sandbox.call).
"""

from dataclasses import dataclass

from engine import Value as EngineValue
from engine import topological_order
from engine.graph import Constant, json_number, kept_number, local_gradients, trace_values, values_in_order
from lab_checks.grading.observe import agrees, show

LONGEST_NAME = 60  # a node named by its whole expression is cut after this many characters
MAX_PICTURED = 60  # a bigger graph is named in words only: a picture of it would not be read
NAMED_OPS = {"+": "{} + {}", "*": "{} * {}", "-": "{} - {}", "/": "{} / {}", "neg": "-{}"}


@dataclass(frozen=True)
class WrongNode:
    """The first wrong node of the learner's graph: the cause in words, and a picture that marks it.

    picture: the course's graph as engine.graph.trace gives it, with the learner's numbers in it
    (each node's data and grad, each edge's local gradient), its named Values ({index: name}), the
    index of the wrong node and what is wrong there ("data" or "grad"); None when the graph is big
    or not every node of it could be paired with one of the learner's.
    """

    text: str
    picture: dict | None


def wrong_node(mine: dict, reference: dict, output: str, tol: float) -> WrongNode | None:
    """The first node whose value is wrong (inputs first), else whose gradient is (output first)."""
    ours, theirs = reference.get(output), mine.get(output)
    if not isinstance(ours, EngineValue) or theirs is None:
        return None
    order = topological_order(ours)
    pairs = _pair(ours, theirs, tol)
    names = _names(reference)
    found = _first_wrong(order, ours, pairs, names, tol)
    if found is None:
        return None
    text, node, kind = found
    return WrongNode(text, _picture(values_in_order(ours), pairs, names, node, kind))


def _picture(order: list, pairs: dict, names: dict[int, str], node: EngineValue, kind: str) -> dict | None:
    """The course's graph drawn with the learner's numbers, node marking the one named (the numbers
    our engine keeps in its operations are drawn as they are: constants)."""
    if len(order) > MAX_PICTURED or any(id(v) not in pairs for v in order if type(v) is not Constant):
        return None
    graph = trace_values(order)
    index = {id(v): i for i, v in enumerate(order)}
    for v, n in zip(order, graph["nodes"]):
        if type(v) is Constant:
            continue
        n["data"], n["grad"] = (
            json_number(_number(pairs[id(v)], "data")),
            json_number(_number(pairs[id(v)], "grad")),
        )
    for e in graph["edges"]:
        v, child = order[e["to"]], order[e["from"]]
        theirs = dict((id(c), g) for c, g in _their_locals(pairs[id(v)]))
        mine = pairs.get(id(child))  # none for a number our engine keeps: its arrow shows no number
        e["local_grad"] = json_number(None if mine is None else theirs.get(id(mine)))
    named = {str(index[k]): name for k, name in names.items() if k in index}  # JSON keys are str
    return {"graph": graph, "names": named, "node": index[id(node)], "kind": kind}


def _their_locals(w: object) -> list:
    """The learner's node's (child, local gradient) pairs: stored, or asked of its closure."""
    try:
        return local_gradients(w)
    except Exception:  # a learner's node the tracer cannot read: its edges show no number
        return []


def _first_wrong(order: list, ours: EngineValue, pairs: dict, names: dict, tol: float) -> tuple | None:
    """(the cause in words, our node it names, "data" or "grad"), or None."""
    for v in order:  # inputs first: the first step whose inputs are right and whose value is not
        if id(v) not in pairs or not all(id(c) in pairs for c in v._prev):
            return None
        got = _number(pairs[id(v)], "data")
        if not agrees(v.data, got, tol):
            if not v._prev:
                return None  # an input the check made itself: nothing of the learner's to point at
            said = (
                f"The first step with a wrong value is {_full(v, names)}: it is {show(got)}, not "
                f"{show(v.data)}, though its inputs are right."
            )
            return said, v, "data"
    users: dict[int, list[EngineValue]] = {}
    for v in order:
        for c in v._prev:
            users.setdefault(id(c), []).append(v)
    for v in reversed(order):  # the output first, as backward() goes
        got = _number(pairs[id(v)], "grad")
        if agrees(v.grad, got, tol) or (not v._prev and id(v) not in names):
            continue  # a number the learner's code wrapped: its step is named at its other input
        if v is ours:
            said = (
                f"The output {_full(v, names)} has gradient {show(got)}, not 1: backward() starts by "
                "setting the output's own gradient to 1.0, since it moves one for one with itself."
            )
            return said, v, "grad"
        said = (
            f"Walking back from the output, the first Value with a wrong gradient is "
            f"{_full(v, names)}: {show(got)}, not {show(v.grad)}, while every step it feeds has the "
            "right one."
        )
        return said + " " + _local(v, users.get(id(v), []), pairs, names, tol), v, "grad"
    return None


def _local(v: EngineValue, users: list, pairs: dict, names: dict, tol: float) -> str:
    """Which step passes v a wrong share: a stored local gradient that differs, or the steps that use it."""
    for user in users:
        stored = getattr(pairs[id(user)], "_local_grads", None)
        if type(stored) not in (tuple, list) or len(stored) != len(_operands(user)):
            continue
        for child, want, have in zip(user._prev, user._local_grads, stored):
            if child is v and not agrees(want, have, tol):
                return (
                    f"{_full(user, names)} stores {show(have)} as its local gradient with respect to "
                    f"`{_name(v, names)}`; it should be {show(want)}."
                )
    steps = _listed([_full(u, names) for u in _unique(users)])
    which = "these steps pass" if len(_unique(users)) > 1 else "that step passes"
    return (
        f"It gets its gradient from {steps}, so what {which} back to it is off: each use should add its "
        "local gradient times its own gradient."
    )


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pair(ours: EngineValue, theirs: object, tol: float) -> dict[int, object]:
    """Each of our nodes' id -> the learner's node in the same place, as far as the two graphs agree."""
    pairs, stack = {id(ours): theirs}, [(ours, theirs)]
    while stack:
        v, w = stack.pop()
        children = _children(w)
        ours_, number = _unique(v._prev), kept_number(v)
        if children is not None and number is not None:
            children = _without_number(children, number, tol)
        if children is None or len(children) != len(ours_):
            continue
        matched = _match(ours_, children, tol)
        for c, d in matched:
            if id(c) in pairs:
                continue
            pairs[id(c)] = d
            stack.append((c, d))
    return pairs


def _children(w: object) -> list | None:
    prev = getattr(w, "_prev", None)
    if type(prev) not in (tuple, list, set, frozenset):
        return None
    return _unique(prev)


def _without_number(children: list, number: float, tol: float) -> list:
    """The learner's children but the leaf their engine made of a number ours keeps in its node (the
    last that agrees: a wrapped number comes second), so the two nodes have the same children."""
    for k in reversed(range(len(children))):
        d = children[k]
        if not getattr(d, "_prev", ()) and agrees(number, _number(d, "data"), tol):
            return children[:k] + children[k + 1 :]
    return children


def _operands(v: EngineValue) -> list:
    """v's children and the number it keeps (x * 4: x, then 4), as the learner's node has them."""
    number = kept_number(v)
    return [*v._prev, *([] if number is None else [number])]


def _unique(items) -> list:
    seen, found = set(), []
    for x in items:
        if id(x) not in seen:
            seen.add(id(x))
            found.append(x)
    return found


def _match(ours: list, theirs: list, tol: float) -> list[tuple]:
    """Children paired in order, or swapped when only the swap agrees in value (a set keeps no order)."""
    in_order = list(zip(ours, theirs))
    if all(agrees(c.data, _number(d, "data"), tol) for c, d in in_order) or len(ours) != 2:
        return in_order
    swapped = list(zip(ours, reversed(theirs)))
    if all(agrees(c.data, _number(d, "data"), tol) for c, d in swapped):
        return swapped
    return in_order


def _number(w: object, attribute: str) -> object:
    x = getattr(w, attribute, None)
    return x if type(x) in (int, float) else None


def _names(scope: dict) -> dict[int, str]:
    """Our Values that the case's code named, by id (the first name wins)."""
    names: dict[int, str] = {}
    for name, v in scope.items():
        if isinstance(v, EngineValue) and not name.startswith("_"):
            names.setdefault(id(v), name)
    return names


def _name(v: EngineValue, names: dict[int, str]) -> str:
    """v as the case calls it: its variable, or its operation on its inputs (a * b, (a * b).tanh())."""
    if id(v) in names:
        return names[id(v)]
    text = _expression(v, names, 0)
    if "…" in text or len(text) > LONGEST_NAME:
        return (
            f"the `{v._op}` step whose value is {v.data:.4g}"
            if v._op
            else f"the step whose value is {v.data:.4g}"
        )
    return text


def _full(v: EngineValue, names: dict[int, str]) -> str:
    """`name` = `expression` for a named step (L = a.tanh()), else as _name says it, in backticks."""
    name = _name(v, names)
    if id(v) not in names or not v._prev:
        return name if name.startswith("the ") else f"`{name}`"
    text = _expression(v, {k: n for k, n in names.items() if k != id(v)}, 0)
    return f"`{name}` (= `{text}`)" if "…" not in text and len(text) <= LONGEST_NAME else f"`{name}`"


def _expression(v: EngineValue, names: dict[int, str], depth: int) -> str:
    if id(v) in names:
        return names[id(v)]
    if not v._prev:
        return show(v.data)
    if depth >= 3:
        return "…"
    inner = [
        _expression(c, names, depth + 1) if isinstance(c, EngineValue) else show(c) for c in _operands(v)
    ]
    inner = [f"({s})" if " " in s else s for s in inner]
    op = v._op
    if op in NAMED_OPS and NAMED_OPS[op].count("{}") == len(inner):
        return NAMED_OPS[op].format(*inner)
    if op.startswith("**") and len(inner) == 1:
        return f"{inner[0]} ** {op[2:]}"
    if op and len(inner) == 1:
        return f"{inner[0]}.{op}()"
    return f"{op or 'a step'} of {', '.join(inner)}"


def order_cause(order: object, reference: dict, output: str, tol: float) -> str | None:
    """What backward() would do walking the learner's order (node labels) from the end."""
    root = reference.get(output)
    if not isinstance(root, EngineValue) or type(order) is not list:
        return None
    nodes = topological_order(root)
    by_label = {v.label: v for v in nodes}
    if len(by_label) != len(nodes) or not all(type(x) is str and x in by_label for x in order):
        return None
    root.backward()
    grad = {v.label: 0.0 for v in nodes}
    grad[root.label] = 1.0
    passed: set[str] = set()
    for label in reversed(order):
        v = by_label[label]
        if not agrees(v.grad, grad[label], tol) and v._prev:
            waiting = [u.label for u in nodes if v in u._prev and u.label not in passed]
            if label in passed:
                return (
                    f"`{label}` is in the order twice, so backward() walking it from the end would pass "
                    f"`{label}`'s gradient on twice. Each node once: skip the ones already visited."
                )
            if waiting:
                return (
                    f"Walking this order from the end, as backward() does, `{label}` would pass its gradient "
                    f"on while it holds {show(grad[label])}, not {show(v.grad)}: `{waiting[0]}` uses it but "
                    f"comes before it in the order, so its share would arrive too late."
                )
            return None
        passed.add(label)
        for child, local in zip(v._prev, v._local_grads):
            grad[child.label] += local * grad[label]
    return None


def coverage_cause(order: list[str], labels: set[str]) -> str | None:
    """An order of a graph's nodes (labels) with some left out or some listed more than once."""
    twice = sorted({x for x in order if order.count(x) > 1}, key=order.index)
    missing = sorted(labels - set(order))
    if twice:
        counts = ", ".join(f"`{x}` {order.count(x)} times" for x in twice[:4])
        return f"The order lists {counts}: each node belongs in it once, however many nodes use it."
    if missing:
        shown = _listed([f"`{x}`" for x in missing[:6]])
        return (
            f"The order leaves out {shown}, of the {len(labels)} nodes the output depends on: each belongs "
            "in it once. Does the walk reach every input of every node?"
        )
    return None
