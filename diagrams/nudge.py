"""Nudging a diagram's inputs: the graph recomputed with new values, the output's actual change, and the
change the gradients predict (the sum of grad × nudge)."""

from diagrams.diagram import diagram, diagram_of
from diagrams.replay import replay_op
from diagrams.texts import fmt, signed
from engine import Value
from engine.graph import children_of, edge, local_gradients, node
from engine.nn import WEIGHTED_SUM

_classes: dict[str, type] = {}  # the diagram of a learner's own Value class: nudges replay with that class


def is_value(obj) -> bool:
    """A Value of this engine, or anything shaped like one (a learner's micrograd-style class)."""
    return isinstance(obj, Value) or all(hasattr(obj, a) for a in ("data", "grad", "_prev", "_op"))


def diagram_in(value, namespace: dict) -> dict:
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
    children = children_of(graph)
    rebuilt: list = []
    for n in graph["nodes"]:
        kids = [rebuilt[e["from"]] for e in children[n["id"]]]
        value = replay_op(n["op"])(*kids) if kids else cls(new_values.get(n["id"], n["data"]))
        if n["label"]:
            value.label = n["label"]
        rebuilt.append(value)
    root = rebuilt[graph["output"]]
    root.backward()
    traced = _retrace(graph, rebuilt, children)
    unnamed = set(graph.get("unnamed", ()))
    names = {
        i: name
        for i, name in enumerate(graph.get("names", []))
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
            terms.append(
                {
                    "leaf": i,
                    "grad": old["grad"],
                    "nudge": step,
                    "term": _times(old["grad"], step),
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


def _retrace(graph: dict, rebuilt: list, children: list) -> dict:
    """The recomputed graph in the shape of the one drawn (a neuron's sum stays one node, whose replay
    may have made a chain of * and +: its local gradients are the ones engine.nn.Neuron stores)."""
    nodes, edges = [], []
    for n, v in zip(graph["nodes"], rebuilt):
        kids = children[n["id"]]
        if n["op"] == WEIGHTED_SUM:  # w1, x1, ..., b: each weight's local gradient is its input, and back
            args = [rebuilt[e["from"]].data for e in kids]
            locals_ = [args[k + 1 if k % 2 == 0 else k - 1] for k in range(len(args) - 1)] + [1.0]
        else:
            locals_ = [local for _, local in local_gradients(v)]
        nodes.append(node(n["id"], v, label=n["label"], op=n["op"]))
        edges += [edge(e["from"], n["id"], g) for e, g in zip(kids, locals_)]
    return {"nodes": nodes, "edges": edges, "output": graph["output"]}


def _times(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a * b
