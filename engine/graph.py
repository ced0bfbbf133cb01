"""A Value's graph as plain data (JSON-ready), for diagrams and films of the passes.

The one tracer of the course: it reads this engine's Value, and any class shaped like micrograd's
(data, grad, _prev, _op), such as a learner's own.
"""

from engine.value import Value, topological_order


class Constant:
    """A plain number an operation was given (the 4 of x * 4), as a leaf a diagram can draw: the engine
    keeps it in the operation's node, not as a node of its own, since nothing asks for its gradient."""

    __slots__ = ("data", "parent")
    grad, label, _op, _prev, _local_grads = 0.0, "", "", (), ()

    def __init__(self, parent: Value):
        self.data, self.parent = parent._local_grads[-1], parent


# The local gradient a kept number would have as an input of its own (drawn on its arrow).
NUMBER_LOCAL_GRADIENT = {
    "+": lambda v: 1.0,
    "-": lambda v: -1.0,
    "*": lambda v: v._prev[0].data,
    "/": lambda v: -v.data / v._local_grads[-1],
}


def kept_number(v) -> float | None:
    """The plain number an engine operation was given (x * 4: 4), or None."""
    if isinstance(v, Value) and len(v._local_grads) > len(v._prev):
        return v._local_grads[-1]
    return None


def trace(root) -> dict:
    """Nodes, edges with their local gradients, and the order backward() visits them (output last)."""
    return trace_values(values_in_order(root))


def values_in_order(root) -> list:
    """Every value root depends on, each after its children (ids of trace(root) index this list);
    an engine operation's kept number as a Constant just before it, where it was a Value's place."""
    if isinstance(root, Value):
        order = []
        for v in topological_order(root):
            if kept_number(v) is not None:
                order.append(Constant(v))
            order.append(v)
        return order
    topo, visited, stack = [], set(), [(root, False)]  # by id(): a learner's class may redefine ==
    while stack:
        node, children_done = stack.pop()
        if children_done:
            topo.append(node)
        elif id(node) not in visited:
            visited.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(list(node._prev)) if id(c) not in visited)
    return topo


def trace_values(order: list) -> dict:
    """trace()'s data for values already in topological order: node i is order[i], the output last."""
    index = {id(v): i for i, v in enumerate(order)}
    nodes = [node(i, v) for i, v in enumerate(order)]
    edges = [
        edge(index[id(child)], i, local)
        for i, v in enumerate(order)
        for child, local in inputs_of(v, order, i)
    ]
    return {"nodes": nodes, "edges": edges, "output": len(order) - 1}


def node(i: int, v, label: str | None = None, op: str | None = None) -> dict:
    """Node i of a traced graph: value v's label, operation, data and grad (label and op as given)."""
    return {
        "id": i,
        "label": str(getattr(v, "label", "") or "") if label is None else label,
        "op": str(v._op or "") if op is None else op,
        "data": json_number(v.data),
        "grad": json_number(v.grad),
    }


def edge(child: int, parent: int, local_grad) -> dict:
    """The arrow from node child to node parent, carrying the parent's local gradient for the child."""
    return {"from": child, "to": parent, "local_grad": json_number(local_grad)}


def children_of(graph: dict) -> list[list[dict]]:
    """Per node, the edges to its children in the order the engine stored them (each with its index)."""
    children: list[list[dict]] = [[] for _ in graph["nodes"]]
    for k, e in enumerate(graph["edges"]):
        children[e["to"]].append({**e, "index": k})
    return children


def inputs_of(v, order: list, i: int) -> list:
    """local_gradients(v), and its kept number's Constant (order[i - 1]) with its arrow's gradient."""
    pairs = local_gradients(v)
    if i and type(order[i - 1]) is Constant and order[i - 1].parent is v:
        pairs.append((order[i - 1], NUMBER_LOCAL_GRADIENT[v._op](v)))
    return pairs


def local_gradients(v) -> list:
    """(child, local gradient) pairs: the stored ones, or (micrograd's closures) asked of _backward."""
    children = list(v._prev)
    stored = getattr(v, "_local_grads", None)
    if stored is not None and len(stored) >= len(children):  # the engine's may end with a kept number
        return list(zip(children, stored))
    return list(zip(children, _probe(v, children)))


def _probe(v, children: list) -> list:
    """A closure-style _backward run with v.grad = 1 leaves each child's local gradient in its grad."""
    backward = getattr(v, "_backward", None)
    if not children or not callable(backward):
        return [None] * len(children)
    saved = [(x, x.grad) for x in (v, *children)]
    try:
        for child in children:
            child.grad = 0.0
        v.grad = 1.0
        backward()
        # A child listed twice (x * x) got both parts in one grad: each edge carries half of it.
        return [float(c.grad) / children.count(c) for c in children]
    except Exception:
        return [None] * len(children)
    finally:
        for x, grad in saved:
            x.grad = grad


def json_number(x) -> float | None:
    """A float JSON can carry (it has no inf or nan), or None."""
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if x == x and abs(x) != float("inf") else None
