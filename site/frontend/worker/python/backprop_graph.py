"""Diagrams of a Value's graph: its trace, the films of both passes, every path's product, and nudges.

One module for both places a diagram is made: the build (```python graph blocks, imported by
backprop_site.graphs) and the browser's worker (show(v) in cells and labs, nudges). All numbers
are the engine's; the page only draws them.
"""

import json
import sys
from collections.abc import Callable

from engine import Value, topological_order
from engine.graph import trace

MAX_NODES = 250  # show(v) refuses bigger graphs: a diagram of them would be unreadable anyway
MAX_PATHS = 8  # paths listed per node; the count and the sum always cover all of them

# Operations a nudge can replay, by the name a Value records (micrograd's spellings included).
REPLAY: dict[str, Callable] = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,
    "neg": lambda x: -x,
    "relu": lambda x: x.relu(),
    "ReLU": lambda x: x.relu(),
    "tanh": lambda x: x.tanh(),
    "exp": lambda x: x.exp(),
    "log": lambda x: x.log(),
    "sigmoid": lambda x: x.sigmoid(),
}

_classes: dict[str, type] = {}  # show(v) of a learner's own Value class: nudges replay with that class


def fmt(x: float | None) -> str:
    """A number as every diagram shows it: four significant digits (the page formats the same way)."""
    if x is None:
        return "—"
    return "0" if x == 0 else f"{x:.4g}"


# Tracing ------------------------------------------------------------------------------------------


def is_value(obj) -> bool:
    """A Value of this engine, or anything shaped like one (a learner's micrograd-style class)."""
    return isinstance(obj, Value) or all(hasattr(obj, a) for a in ("data", "grad", "_prev", "_op"))


def trace_any(root) -> tuple[dict, list]:
    """The traced graph (as engine.graph.trace makes it) and the objects behind its node ids."""
    if isinstance(root, Value):
        return trace(root), topological_order(root)
    order = _duck_topological_order(root)
    return describe(order), order


def describe(order: list) -> dict:
    """engine.graph.trace's format for values given in topological order (output last)."""
    index = {id(v): i for i, v in enumerate(order)}
    nodes = [
        {
            "id": i,
            "label": str(getattr(v, "label", "") or ""),
            "op": str(v._op or ""),
            "data": _number(v.data),
            "grad": _number(v.grad),
        }
        for i, v in enumerate(order)
    ]
    edges = [
        {"from": index[id(child)], "to": i, "local_grad": _number(local)}
        for i, v in enumerate(order)
        for child, local in _children_with_local_grads(v)
    ]
    return {"nodes": nodes, "edges": edges, "order": list(range(len(order))), "output": len(order) - 1}


def _duck_topological_order(root) -> list:
    """topological_order for any Value-shaped class (children before parents, no recursion)."""
    topo, visited, stack = [], set(), [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            topo.append(node)
        elif id(node) not in visited:
            visited.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(list(node._prev)) if id(c) not in visited)
    return topo


def _children_with_local_grads(v) -> list:
    """(child, local gradient) pairs: stored ones if the class keeps them, else asked of _backward."""
    children = list(v._prev)
    stored = getattr(v, "_local_grads", None)
    if stored is not None and len(stored) == len(children):
        return list(zip(children, stored))
    return list(zip(children, _probe_local_grads(v, children)))


def _probe_local_grads(v, children: list) -> list:
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


def _number(x) -> float | None:
    """A float JSON can carry (no inf or nan), or None."""
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if x == x and abs(x) != float("inf") else None


# Diagram data: names, films, paths -----------------------------------------------------------------


def diagram(traced: dict, names: dict[int, str] | None = None) -> dict:
    """The traced graph plus what the widget plays and shows: names, both films, paths to the output."""
    names = names or {}
    children = _children(traced)
    unnamed = [n["id"] for n in traced["nodes"] if not (n["label"] or names.get(n["id"]))]
    # A nameless input is a constant such as the 4 in 3*a + 4: it is called by its value.
    shown = [
        n["label"] or names.get(n["id"]) or (_constant_name(n) if not children[n["id"]] else f"#{n['id']}")
        for n in traced["nodes"]
    ]
    return {
        **traced,
        "names": shown,
        "unnamed": unnamed,
        "leaves": [n["id"] for n in traced["nodes"] if not children[n["id"]]],
        "film": {"forward": forward_film(traced, shown), "backward": backward_film(traced, shown)},
        "paths": paths_to_output(traced),
        "replayable": all(_replay_op(n["op"]) for n in traced["nodes"] if n["op"]),
    }


def _constant_name(node: dict) -> str:
    """A constant's value as the diagrams print numbers (Python's :.4g)."""
    return "?" if node["data"] is None else f"{node['data']:.4g}"


def _children(traced: dict) -> list[list[dict]]:
    """Per node, the edges to its children, in the order the engine stored them."""
    children: list[list[dict]] = [[] for _ in traced["nodes"]]
    for k, e in enumerate(traced["edges"]):
        children[e["to"]].append({**e, "index": k})
    return children


def _expression(op: str, args: list[str]) -> str:
    """How the operation reads in Python: a * b, c**2, relu(d)."""
    if len(args) == 2 and op in ("+", "-", "*", "/"):
        return f"{args[0]} {op} {args[1]}"
    if len(args) == 1 and op.startswith("**"):
        return f"{args[0]}{op}"
    if len(args) == 1 and op == "neg":
        return f"-{args[0]}"
    return f"{op}({', '.join(args)})"


def forward_film(traced: dict, names: list[str]) -> list[dict]:
    """Frame k (k >= 1) computes the k-th node of the topological order; frame 0 has computed nothing."""
    children = _children(traced)
    frames = [{"caption": "Nothing computed yet: the forward pass visits the nodes in topological order."}]
    for i in traced["order"]:
        node, kids = traced["nodes"][i], children[i]
        if not kids:
            caption = f"{names[i]} = {fmt(node['data'])} (an input)."
        else:
            expr = _expression(node["op"], [names[e["from"]] for e in kids])
            locals_ = ", ".join(f"∂{names[i]}/∂{names[e['from']]} = {fmt(e['local_grad'])}" for e in kids)
            caption = f"{names[i]} = {expr} = {fmt(node['data'])}. Local gradients, stored now: {locals_}."
        frames.append({"node": i, "edges": [e["index"] for e in kids], "caption": caption})
    return frames


def backward_film(traced: dict, names: list[str]) -> list[dict]:
    """Frame 0: all grads 0. Frame 1: the output's grad is 1. Then one frame per node with children,
    in reverse topological order, each adding local × upstream to its children's grads."""
    nodes, children, out = traced["nodes"], _children(traced), traced["output"]
    grads = [0.0] * len(nodes)
    parts: list[list[float]] = [[] for _ in nodes]
    frames = [
        {"set": [[i, 0.0] for i in range(len(nodes))], "caption": "Before backward(): every grad is 0."}
    ]
    grads[out] = 1.0
    frames.append(
        {
            "node": out,
            "edges": [],
            "set": [[out, 1.0]],
            "caption": f"Seed: {names[out]}.grad = 1, since d{names[out]}/d{names[out]} = 1.",
        }
    )
    for i in reversed(traced["order"]):
        if not children[i]:
            continue
        upstream, steps, changes, words = grads[i], [], [], []
        for e in children[i]:
            child, local = e["from"], e["local_grad"]
            contribution = None if local is None or upstream is None else local * upstream
            grads[child] = (
                None if contribution is None or grads[child] is None else grads[child] + contribution
            )
            parts[child].append(contribution)
            steps.append(
                {"edge": e["index"], "local": local, "upstream": upstream, "contribution": contribution}
            )
            changes.append([child, grads[child]])
            split = " + ".join(fmt(p) for p in parts[child])
            total = f"{fmt(grads[child])} (= {split})" if len(parts[child]) > 1 else fmt(grads[child])
            words.append(
                f"to {names[child]}: {fmt(local)} × {fmt(upstream)} = {fmt(contribution)}, "
                f"{names[child]}.grad += {fmt(contribution)} → {total}"
            )
        frames.append(
            {
                "node": i,
                "edges": steps,
                "set": changes,
                "caption": f"{names[i]} (grad {fmt(upstream)}) passes its gradient back: {'; '.join(words)}.",
            }
        )
    return frames


def film_grads(traced: dict) -> list[float | None]:
    """The grads the backward film ends with (for checking it against the engine's backward())."""
    grads: list[float | None] = [0.0] * len(traced["nodes"])
    for frame in backward_film(traced, [str(n["id"]) for n in traced["nodes"]]):
        for i, g in frame["set"]:
            grads[i] = g
    return grads


def paths_to_output(traced: dict) -> list[dict]:
    """Per node: up to MAX_PATHS paths to the output (edge indices, product of local gradients),
    how many paths there are, and the sum of all their products (which is the node's gradient)."""
    nodes, edges, out = traced["nodes"], traced["edges"], traced["output"]
    parents: list[list[int]] = [[] for _ in nodes]
    for k, e in enumerate(edges):
        parents[e["from"]].append(k)
    count, total = [0] * len(nodes), [0.0] * len(nodes)
    count[out], total[out] = 1, 1.0
    for i in reversed(traced["order"]):
        if i == out:
            continue
        count[i] = sum(count[edges[k]["to"]] for k in parents[i])
        terms = [(edges[k]["local_grad"], total[edges[k]["to"]]) for k in parents[i]]
        total[i] = None if any(a is None or b is None for a, b in terms) else sum(a * b for a, b in terms)
    return [
        {"paths": _first_paths(i, out, edges, parents), "count": count[i], "sum": total[i]}
        for i in range(len(nodes))
    ]


def _first_paths(start: int, out: int, edges: list[dict], parents: list[list[int]]) -> list[dict]:
    """Depth-first, the first MAX_PATHS paths from start to the output, each with its product."""
    found, stack = [], [(start, [])]
    while stack and len(found) < MAX_PATHS:
        node, path = stack.pop()
        if node == out:
            locals_ = [edges[k]["local_grad"] for k in path]
            product = 1.0
            for local in locals_:
                product = None if product is None or local is None else product * local
            found.append({"edges": path, "product": product})
            continue
        stack.extend((edges[k]["to"], path + [k]) for k in reversed(parents[node]))
    return found


# In the worker: show(v) and nudges -----------------------------------------------------------------


def show(value, title: str = "") -> None:
    """Draw value's computation graph in this cell's Output, with its films, paths and nudges."""
    if not is_value(value):
        raise TypeError(
            f"show() draws a Value and the values it was computed from, not {type(value).__name__}"
        )
    caller = sys._getframe(1)
    names = {id(obj): name for name, obj in {**caller.f_globals, **caller.f_locals}.items() if is_value(obj)}
    data = diagram_of(value, names)
    from backprop_bridge import emit  # only the worker has it

    emit("graph", json.dumps({"kind": "graph", "graph": data, "title": str(title)}))


def diagram_of(root, names_by_object: dict[int, str] | None = None) -> dict:
    """diagram() of any Value-like object; variable names label what has no label."""
    traced, order = trace_any(root)
    if len(order) > MAX_NODES:
        raise ValueError(
            f"show(): this graph has {len(order):,} values; diagrams are drawn for up to {MAX_NODES}. "
            "Show a smaller part of it, such as one neuron's output."
        )
    names = {i: names_by_object[id(v)] for i, v in enumerate(order) if id(v) in (names_by_object or {})}
    data = diagram(traced, names)
    if not isinstance(root, Value):
        key = f"{type(root).__module__}.{type(root).__qualname__}"
        _classes[key] = type(root)
        data["class"] = key
    return data


def nudge(graph: dict, values: list[list[float]]) -> dict:
    """Recompute graph with some leaves set to new values ([[id, value], ...]) using the engine (or the
    learner's class): the new diagram, the output's actual change and the prediction sum(grad × nudge)."""
    cls = _classes.get(graph.get("class"), Value)
    new_values = {int(i): float(x) for i, x in values}
    children = _children(graph)
    rebuilt: list = []
    for node in graph["nodes"]:
        kids = [rebuilt[e["from"]] for e in children[node["id"]]]
        if kids:
            value = _replay_op(node["op"])(*kids)
        else:
            value = cls(new_values.get(node["id"], node["data"]))
        if node["label"]:
            value.label = node["label"]
        rebuilt.append(value)
    root = rebuilt[graph["output"]]
    root.backward()
    traced = describe(rebuilt)
    names = {i: n for i, n in enumerate(graph.get("names", [])) if not traced["nodes"][i]["label"]}
    data = diagram(traced, names)
    if "class" in graph:
        data["class"] = graph["class"]
    terms = []
    for i, x in sorted(new_values.items()):
        old = graph["nodes"][i]
        if x != old["data"]:
            step = x - old["data"]
            terms.append({"leaf": i, "grad": old["grad"], "nudge": step, "term": _times(old["grad"], step)})
    before, after = graph["nodes"][graph["output"]]["data"], traced["nodes"][traced["output"]]["data"]
    predicted = [t["term"] for t in terms]
    return {
        "ok": True,
        "graph": data,
        "terms": terms,
        "prediction": None if None in predicted else sum(predicted),
        "change": None if before is None or after is None else after - before,
    }


def _times(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a * b


def _replay_op(op: str) -> Callable | None:
    """The operation named op as a function of the children, or None if a nudge cannot redo it."""
    if op.startswith("**"):
        try:
            exponent = float(op[2:])
        except ValueError:
            return None
        exponent = int(exponent) if exponent.is_integer() else exponent
        return lambda x: x**exponent
    return REPLAY.get(op)
