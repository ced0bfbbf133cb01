"""A diagram's data: the traced graph with names, both films and every path's product, as text ready
to show. Made at build time (```python graph blocks, via backprop_site.graphs) and in the worker
(show(v), nudges); all numbers are the engine's and the page only draws them."""

from diagrams.films import backward_film, forward_film
from diagrams.neurons import collapse_neurons, neurons, parameter_names
from diagrams.paths import paths_to_output
from diagrams.replay import replay_op
from diagrams.texts import expression_name, fmt
from engine.graph import children_of, trace_values, values_in_order

MAX_NODES = 250  # show(v) refuses bigger graphs: a diagram of them would be unreadable anyway


def diagram_of(root, names_by_object: dict[int, str] | None = None, modules: dict | None = None) -> dict:
    """diagram() of any Value-like object: variable names label what has no label; the parameters of
    neurons, layers and MLPs among modules get their names (w1, b, L1n2.w1) and each neuron's weighted
    sum is drawn as one node."""
    order = values_in_order(root)
    if len(order) > MAX_NODES:
        raise ValueError(
            f"show(): this graph has {len(order):,} values; diagrams are drawn for up to {MAX_NODES}. "
            "Show a smaller part of it, such as one neuron's output."
        )
    names = {**parameter_names(modules or {}), **(names_by_object or {})}
    traced = trace_values(order)
    by_id = {i: names[id(v)] for i, v in enumerate(order) if id(v) in names}
    traced, by_id = collapse_neurons(traced, by_id, neurons(modules or {}), order)
    return diagram(traced, by_id)


def diagram(traced: dict, names: dict[int, str] | None = None) -> dict:
    """The traced graph plus what the widget plays and shows: names, both films, paths to the output."""
    given = [n["label"] or (names or {}).get(n["id"], "") for n in traced["nodes"]]
    children = children_of(traced)
    constants = [n["id"] for n in traced["nodes"] if not children[n["id"]] and not given[n["id"]]]
    shown = list(given)
    for i in range(len(traced["nodes"])):  # children first, so an expression can use its children's names
        if not shown[i]:
            node = traced["nodes"][i]
            shown[i] = (
                fmt(node["data"]) if i in constants else expression_name(node, children[i], shown, given)
            )
    leaves = [n["id"] for n in traced["nodes"] if not children[n["id"]]]
    return {
        **traced,
        "edges": [{**e, "local_text": fmt(e["local_grad"])} for e in traced["edges"]],
        "texts": [
            {"data": fmt(n["data"]), "grad": "—" if n["id"] in constants else fmt(n["grad"])}
            for n in traced["nodes"]
        ],
        "names": shown,
        "unnamed": [i for i, name in enumerate(given) if not name],
        "constants": constants,
        "leaves": leaves,
        "inputs": [i for i in leaves if i not in constants],
        "film": {
            "forward": forward_film(traced, shown, constants),
            "backward": backward_film(traced, shown, constants),
        },
        "paths": paths_to_output(traced),
        "replayable": all(replay_op(n["op"]) for n in traced["nodes"] if n["op"]),
    }
