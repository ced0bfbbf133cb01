"""A Value's graph as plain data (JSON-ready), for diagrams and films of the passes."""

from engine.value import Value, topological_order


def trace(root: Value) -> dict:
    """Nodes, edges with their local gradients, and the order backward() visits them."""
    topo = topological_order(root)
    index = {id(v): i for i, v in enumerate(topo)}
    nodes = [
        {"id": i, "label": v.label, "op": v._op, "data": _number(v.data), "grad": _number(v.grad)}
        for i, v in enumerate(topo)
    ]
    edges = [
        {"from": index[id(child)], "to": i, "local_grad": _number(local)}
        for i, v in enumerate(topo)
        for child, local in zip(v._prev, v._local_grads)
    ]
    return {"nodes": nodes, "edges": edges, "order": list(range(len(topo))), "output": len(topo) - 1}


def _number(x) -> float | None:
    """A float JSON can carry (it has no inf or nan)."""
    x = float(x)
    return x if x == x and abs(x) != float("inf") else None
