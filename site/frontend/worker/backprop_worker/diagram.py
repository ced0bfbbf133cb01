"""A diagram's data: the traced graph with names, both films and every path's product, as text ready
to show. Made at build time (```python graph blocks, via backprop_site.graphs) and in the worker
(show(v), nudges); all numbers are the engine's and the page only draws them.
"""

from collections.abc import Callable

from engine.graph import describe, trace, values_in_order

MAX_NODES = 250  # show(v) refuses bigger graphs: a diagram of them would be unreadable anyway
MAX_PATHS = 8  # paths listed per node; the count and the sum always cover all of them
MAX_EXPRESSION = 16  # a nameless value is called by its expression (a * b) when it is this short
NEURON = "w·x+b"  # the op of a neuron's weighted sum, drawn as one node

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
    # w1, x1, w2, x2, ..., b: summed from the bias on, as engine.nn.Neuron does
    NEURON: lambda *a: sum((a[i] * a[i + 1] for i in range(0, len(a) - 1, 2)), a[-1]),
}


def fmt(x: float | None) -> str:
    """A number as every diagram shows it: four significant digits (Python's :.4g), — for none."""
    if x is None:
        return "—"
    return "0" if x == 0 else f"{x:.4g}"


# Names: variables and labels, constants by their value, the rest by their expression ---------------


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
    traced = describe(order)
    by_id = {i: names[id(v)] for i, v in enumerate(order) if id(v) in names}
    traced, by_id = collapse_neurons(traced, by_id, neurons(modules or {}), order)
    return diagram(traced, by_id)


def diagram(traced: dict, names: dict[int, str] | None = None) -> dict:
    """The traced graph plus what the widget plays and shows: names, both films, paths to the output."""
    given = [n["label"] or (names or {}).get(n["id"], "") for n in traced["nodes"]]
    children = _children(traced)
    constants = [n["id"] for n in traced["nodes"] if not children[n["id"]] and not given[n["id"]]]
    shown = list(given)
    for i in range(len(traced["nodes"])):  # children first, so an expression can use its children's names
        if not shown[i]:
            node = traced["nodes"][i]
            shown[i] = (
                fmt(node["data"]) if i in constants else _expression_name(node, children[i], shown, given)
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
        "replayable": all(_replay_op(n["op"]) for n in traced["nodes"] if n["op"]),
    }


def _expression_name(node: dict, kids: list[dict], shown: list[str], given: list[str]) -> str:
    """a * b for a nameless value, or (when that is long) the operation alone: … + …."""
    args = [_operand(shown[e["from"]], bool(given[e["from"]])) for e in kids]
    text = _expression(node["op"], args)
    return text if len(text) <= MAX_EXPRESSION else _expression(node["op"], ["…"] * len(kids))


def _operand(name: str, named: bool) -> str:
    return name if named or " " not in name else f"({name})"


def _expression(op: str, args: list[str]) -> str:
    """How the operation reads in Python: a * b, c**2, relu(d)."""
    if len(args) == 2 and op in ("+", "-", "*", "/"):
        return f"{args[0]} {op} {args[1]}"
    if len(args) == 1 and op.startswith("**"):
        return f"{args[0]}{op}"
    if len(args) == 1 and op == "neg":
        return f"-{args[0]}"
    if op == NEURON and len(args) % 2:
        terms = [f"{args[k]}·{args[k + 1]}" for k in range(0, len(args) - 1, 2)]
        return " + ".join([*terms, args[-1]])
    return f"{op}({', '.join(args)})"


def _children(traced: dict) -> list[list[dict]]:
    """Per node, the edges to its children, in the order the engine stored them."""
    children: list[list[dict]] = [[] for _ in traced["nodes"]]
    for k, e in enumerate(traced["edges"]):
        children[e["to"]].append({**e, "index": k})
    return children


# Neurons: their parameters' names, and their weighted sum as one node ----------------------------------


def neurons(modules: dict) -> list[tuple[str, object]]:
    """(name prefix, neuron) for every neuron of the neurons, layers and MLPs among modules' values."""
    found, seen = [], set()
    for var, obj in modules.items():
        for prefix, neuron in _neurons_of(var, obj):
            if id(neuron) not in seen:
                seen.add(id(neuron))
                found.append((prefix, neuron))
    return found


def _neurons_of(var: str, obj) -> list[tuple[str, object]]:
    try:
        if _is_neuron(obj):
            return [("", obj)]
        if isinstance(getattr(obj, "neurons", None), list):
            return [(f"n{j}.", n) for j, n in enumerate(obj.neurons, 1) if _is_neuron(n)]
        layers = getattr(obj, "layers", None)
        if isinstance(layers, list):
            return [
                (f"L{k}n{j}.", n)
                for k, layer in enumerate(layers, 1)
                for j, n in enumerate(getattr(layer, "neurons", []), 1)
                if _is_neuron(n)
            ]
    except Exception:  # a learner's object may raise on any attribute
        pass
    return []


def _is_neuron(obj) -> bool:
    return isinstance(getattr(obj, "w", None), list) and hasattr(obj, "b") and not isinstance(obj, type)


def parameter_names(modules: dict) -> dict[int, str]:
    """id of each parameter -> its name: w1, w2, b for a lone neuron; n2.w1 in a layer; L1n2.w1 in an MLP."""
    names = {}
    for prefix, neuron in neurons(modules):
        for k, w in enumerate(neuron.w, 1):
            names.setdefault(id(w), f"{prefix}w{k}")
        names.setdefault(id(neuron.b), f"{prefix}b")
    return names


def collapse_neurons(traced: dict, names: dict[int, str], found: list, order: list) -> tuple[dict, dict]:
    """Each neuron's b + w1*x1 + w2*x2 + ... (a chain of + over products, as a learner's Neuron makes it)
    becomes one node w·x+b whose children are w1, x1, w2, x2, ..., b, with local gradients x1, w1, x2,
    w2, ..., 1, as engine.nn.Neuron makes it; the inputs the weights multiply get the names x1, x2, ...
    unless they have one."""
    index = {id(v): i for i, v in enumerate(order)}
    nodes, edges = traced["nodes"], traced["edges"]
    children = _children(traced)
    parents = [0] * len(nodes)
    for e in edges:
        parents[e["from"]] += 1
    dropped, rewired, names = set(), {}, dict(names)
    for prefix, neuron in found:
        bias = index.get(id(neuron.b))
        weights = {index[id(w)]: k for k, w in enumerate(neuron.w, 1) if id(w) in index}
        if _name_one_node_sum(prefix, bias, weights, nodes, children, names):
            continue  # engine.nn.Neuron makes its sum one node already: there is nothing to collapse
        for top in reversed(range(len(traced["nodes"]))):
            if top in dropped or nodes[top]["op"] != "+" or bias is None:
                continue
            terms, inner = _sum_terms(top, children, nodes, parents)
            pairs = [_weight_and_input(t, children, nodes, parents, weights) for t in terms if t != bias]
            if bias not in terms or len(terms) < 2 or None in pairs:
                continue
            new_edges = []
            products = sorted(zip([t for t in terms if t != bias], pairs), key=lambda p: weights[p[1][0]])
            for product, (w, x) in products:
                dropped.add(product)
                new_edges += [(w, nodes[x]["data"]), (x, nodes[w]["data"])]
                if x not in names and not nodes[x]["label"] and not children[x]:
                    names[x] = f"x{weights[w]}"
            dropped.update(inner)
            rewired[top] = [*new_edges, (bias, 1.0)]
            names.setdefault(top, prefix.rstrip(".") or "sum")
            break
    if not rewired:
        return traced, names
    kept = [i for i in range(len(nodes)) if i not in dropped]
    new_id = {old: new for new, old in enumerate(kept)}
    new_nodes = [
        {**nodes[old], "id": new_id[old], **({"op": NEURON} if old in rewired else {})} for old in kept
    ]
    new_edges = []
    for old in kept:
        pairs = rewired.get(old) or [(e["from"], e["local_grad"]) for e in children[old]]
        new_edges += [{"from": new_id[c], "to": new_id[old], "local_grad": g} for c, g in pairs]
    graph = {
        "nodes": new_nodes,
        "edges": new_edges,
        "output": new_id[traced["output"]],
    }
    return graph, {new_id[i]: n for i, n in names.items() if i in new_id}


def _name_one_node_sum(prefix: str, bias, weights: dict, nodes: list, children: list, names: dict) -> bool:
    """Names the neuron's own w·x+b node (its last child is the bias) and the inputs it weighs."""
    for top in reversed(range(len(nodes))):
        kids = [e["from"] for e in children[top]]
        if nodes[top]["op"] == NEURON and kids and kids[-1] == bias:
            for w, x in zip(kids[:-1:2], kids[1:-1:2]):
                if w in weights and x not in names and not nodes[x]["label"] and not children[x]:
                    names[x] = f"x{weights[w]}"
            names.setdefault(top, prefix.rstrip(".") or "sum")
            return True
    return False


def _sum_terms(top: int, children: list, nodes: list, parents: list) -> tuple[list[int], list[int]]:
    """The terms of a chain of + starting at top (inner + nodes used only by the chain are expanded)."""
    terms, inner, stack = [], [], [top]
    while stack:
        node = stack.pop()
        for e in reversed(children[node]):
            c = e["from"]
            if nodes[c]["op"] == "+" and parents[c] == 1 and not nodes[c]["label"]:
                inner.append(c)
                stack.append(c)
            else:
                terms.append(c)
    return terms, inner


def _weight_and_input(term: int, children: list, nodes: list, parents: list, weights: dict):
    """(weight, input) if term is weight * input used only by the sum, else None."""
    kids = [e["from"] for e in children[term]]
    if nodes[term]["op"] != "*" or parents[term] != 1 or len(kids) != 2 or nodes[term]["label"]:
        return None
    if kids[0] in weights:
        return kids[0], kids[1]
    if kids[1] in weights:
        return kids[1], kids[0]
    return None


# Films: the forward pass computes, the backward pass passes gradients back ---------------------------


def forward_film(traced: dict, names: list[str], constants: list[int] = ()) -> list[dict]:
    """Frame k (k >= 1) computes the k-th node of the order; frame 0 has computed nothing."""
    children, constants = _children(traced), set(constants)
    frames = [{"caption": "Nothing computed yet: each value is computed after the values it is made from."}]
    for i in range(len(traced["nodes"])):
        node, kids = traced["nodes"][i], children[i]
        if i in constants:
            caption = f"{names[i]} is a constant."
        elif not kids:
            caption = f"{names[i]} = {fmt(node['data'])} (an input)."
        else:
            expr = _expression(
                node["op"], [_operand(names[e["from"]], " " not in names[e["from"]]) for e in kids]
            )
            head = (
                f"{names[i]} = {fmt(node['data'])}"
                if expr == names[i]
                else f"{names[i]} = {expr} = {fmt(node['data'])}"
            )
            stored = [e for e in kids if e["from"] not in constants]
            if len(stored) == 1:
                e = stored[0]
                local = fmt(e["local_grad"])
                tail = f" Stored on the arrow from {names[e['from']]} for later: local gradient {local}."
            elif stored:
                each = ", ".join(f"{fmt(e['local_grad'])} from {names[e['from']]}" for e in stored)
                tail = f" Stored on the arrows for later: local gradients {each}."
            else:
                tail = ""
            caption = f"{head}.{tail}"
        frames.append({"node": i, "edges": [e["index"] for e in kids], "caption": caption})
    return frames


def backward_film(traced: dict, names: list[str], constants: list[int] = ()) -> list[dict]:
    """Frame 0: all grads 0. Frame 1: the output's grad is 1. Then one frame per node with children
    (other than constants), in reverse order, each adding local × upstream to its children's grads."""
    nodes, children, out, constants = traced["nodes"], _children(traced), traced["output"], set(constants)
    grads = [0.0] * len(nodes)
    parts: list[list[float]] = [[] for _ in nodes]
    frames = [
        {"set": [[i, 0.0, "0"] for i in range(len(nodes))], "caption": "Before backward(): every grad is 0."}
    ]
    grads[out] = 1.0
    frames.append(
        {
            "node": out,
            "edges": [],
            "set": [[out, 1.0, "1"]],
            "caption": f"Seed: {_grad(names[out])} = 1, since {names[out]} changes one for one with itself.",
        }
    )
    for i in reversed(range(len(traced["nodes"]))):
        kids = [e for e in children[i] if e["from"] not in constants]
        if not kids:
            continue
        upstream, steps, changes, words = grads[i], [], [], []
        for e in kids:
            child, local = e["from"], e["local_grad"]
            contribution = None if local is None or upstream is None else local * upstream
            grads[child] = (
                None if contribution is None or grads[child] is None else grads[child] + contribution
            )
            parts[child].append(contribution)
            steps.append(
                {
                    "edge": e["index"],
                    "local": local,
                    "upstream": upstream,
                    "contribution": contribution,
                    "text": {
                        "local": fmt(local),
                        "upstream": fmt(upstream),
                        "contribution": fmt(contribution),
                    },
                }
            )
            changes.append([child, grads[child], fmt(grads[child])])
            split = " + ".join(fmt(p) for p in parts[child])
            total = f"{fmt(grads[child])} (= {split})" if len(parts[child]) > 1 else fmt(grads[child])
            words.append(
                f"to {names[child]}: {fmt(local)} × {fmt(upstream)} = {fmt(contribution)}, "
                f"{_grad(names[child])} += {fmt(contribution)} → {total}"
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


def _grad(name: str) -> str:
    return f"{name}.grad" if " " not in name else f"({name}).grad"


def film_grads(traced: dict) -> list[float | None]:
    """The grads the backward film ends with (for checking it against the engine's backward())."""
    grads: list[float | None] = [0.0] * len(traced["nodes"])
    names = [str(n["id"]) for n in traced["nodes"]]
    for frame in backward_film(traced, names, traced.get("constants", ())):
        for i, g, _ in frame["set"]:
            grads[i] = g
    return grads


# Paths: every route from a node to the output, and the product of the local gradients along it --------


def paths_to_output(traced: dict) -> list[dict]:
    """Per node: up to MAX_PATHS paths to the output (edge indices, product of local gradients),
    how many paths there are, and the sum of all their products (which is the node's gradient)."""
    nodes, edges, out = traced["nodes"], traced["edges"], traced["output"]
    parents: list[list[int]] = [[] for _ in nodes]
    for k, e in enumerate(edges):
        parents[e["from"]].append(k)
    count, total = [0] * len(nodes), [0.0] * len(nodes)
    count[out], total[out] = 1, 1.0
    for i in reversed(range(len(traced["nodes"]))):
        if i == out:
            continue
        count[i] = sum(count[edges[k]["to"]] for k in parents[i])
        terms = [(edges[k]["local_grad"], total[edges[k]["to"]]) for k in parents[i]]
        total[i] = None if any(a is None or b is None for a, b in terms) else sum(a * b for a, b in terms)
    return [
        {
            "paths": _first_paths(i, out, edges, parents),
            "count": count[i],
            "sum": total[i],
            "sum_text": fmt(total[i]),
        }
        for i in range(len(nodes))
    ]


def _first_paths(start: int, out: int, edges: list[dict], parents: list[list[int]]) -> list[dict]:
    """Depth-first, the first MAX_PATHS paths from start to the output, each with its product."""
    found, stack = [], [(start, [])]
    while stack and len(found) < MAX_PATHS:
        node, path = stack.pop()
        if node == out:
            product = 1.0
            for local in (edges[k]["local_grad"] for k in path):
                product = None if product is None or local is None else product * local
            found.append({"edges": path, "product": product, "product_text": fmt(product)})
            continue
        stack.extend((edges[k]["to"], path + [k]) for k in reversed(parents[node]))
    return found


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


__all__ = ["MAX_NODES", "MAX_PATHS", "diagram", "diagram_of", "film_grads", "fmt", "trace"]
