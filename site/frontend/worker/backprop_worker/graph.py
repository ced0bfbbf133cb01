"""In the worker only: show(v) draws a Value's graph in a cell's Output, and nudge() recomputes a
diagram with some inputs changed (the diagram's data itself is made by diagram.py)."""

import json
import sys

from backprop_worker.diagram import NEURON, _children, _replay_op, diagram, diagram_of, fmt
from engine import Value
from engine.graph import json_number, local_gradients

_classes: dict[str, type] = {}  # show(v) of a learner's own Value class: nudges replay with that class


def is_value(obj) -> bool:
    """A Value of this engine, or anything shaped like one (a learner's micrograd-style class)."""
    return isinstance(obj, Value) or all(hasattr(obj, a) for a in ("data", "grad", "_prev", "_op"))


def show(value, title: str = "") -> None:
    """Draw value's computation graph in this cell's Output, with its films, paths and nudges."""
    if not is_value(value):
        raise TypeError(
            f"show() draws a Value and the values it was computed from, not {type(value).__name__}"
        )
    caller = sys._getframe(1)
    data = diagram_to_show(value, {**caller.f_globals, **caller.f_locals})
    from backprop_bridge import emit  # only the worker has it

    emit("graph", json.dumps({"kind": "graph", "graph": data, "title": str(title)}))


def diagram_to_show(value, namespace: dict) -> dict:
    """value's diagram, named after namespace's variables and modules; a learner's own Value class
    is remembered so that nudges replay with it."""
    names = {id(obj): name for name, obj in namespace.items() if not name.startswith("_") and is_value(obj)}
    data = diagram_of(value, names, modules=namespace)
    if not isinstance(value, Value):
        key = f"{type(value).__module__}.{type(value).__qualname__}"
        _classes[key] = type(value)
        data["class"] = key
    return data


def nudge(graph: dict, values: list[list[float]]) -> dict:
    """Recompute graph with some inputs set to new values ([[id, value], ...]) using the engine (or the
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
    traced = _retrace(graph, rebuilt, children)
    unnamed = set(graph.get("unnamed", ()))
    names = {
        i: n
        for i, n in enumerate(graph.get("names", []))
        if i not in unnamed and not traced["nodes"][i]["label"]
    }
    data = diagram(traced, names)
    if "class" in graph:
        data["class"] = graph["class"]
    terms = []
    for i, x in sorted(new_values.items()):
        old = graph["nodes"][i]
        if x != old["data"]:
            step = x - old["data"]
            term = _times(old["grad"], step)
            terms.append(
                {
                    "leaf": i,
                    "grad": old["grad"],
                    "nudge": step,
                    "term": term,
                    "grad_text": fmt(old["grad"]),
                    "nudge_text": signed(step),
                }
            )
    before, after = graph["nodes"][graph["output"]]["data"], traced["nodes"][traced["output"]]["data"]
    predicted = [t["term"] for t in terms]
    prediction = None if None in predicted else sum(predicted)
    change = None if before is None or after is None else after - before
    return {
        "ok": True,
        "graph": data,
        "terms": terms,
        "prediction": prediction,
        "change": change,
        "text": {
            "before": fmt(before),
            "after": fmt(after),
            "prediction": signed(prediction),
            "change": signed(change),
        },
    }


def signed(x: float | None) -> str:
    """A change as the nudge result prints it: +0.06, -2, 0."""
    return f"+{fmt(x)}" if x is not None and x > 0 else fmt(x)


def _retrace(graph: dict, rebuilt: list, children: list) -> dict:
    """The recomputed graph in the shape of the one drawn (a neuron's sum stays one node)."""
    nodes, edges = [], []
    for node, v in zip(graph["nodes"], rebuilt):
        kids = children[node["id"]]
        if node["op"] == NEURON:  # w1, x1, ..., b: each weight's local gradient is its input, and back
            args = [rebuilt[e["from"]].data for e in kids]
            locals_ = [args[k + 1 if k % 2 == 0 else k - 1] for k in range(len(args) - 1)] + [1.0]
        else:
            locals_ = [local for _, local in local_gradients(v)]
        nodes.append(
            {
                **{k: node[k] for k in ("id", "label", "op")},
                "data": json_number(v.data),
                "grad": json_number(v.grad),
            }
        )
        edges += [
            {"from": e["from"], "to": node["id"], "local_grad": json_number(g)} for e, g in zip(kids, locals_)
        ]
    return {"nodes": nodes, "edges": edges, "output": graph["output"]}


def _times(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a * b
