"""Neurons in a diagram: their parameters' names (w1, n2.b, L1n2.w1), and a learner's chain of + over
products drawn as the one weighted-sum node that engine.nn.Neuron makes."""

from engine.graph import children_of, edge
from engine.nn import WEIGHTED_SUM


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
    children = children_of(traced)
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
        {**nodes[old], "id": new_id[old], **({"op": WEIGHTED_SUM} if old in rewired else {})} for old in kept
    ]
    new_edges = []
    for old in kept:
        pairs = rewired.get(old) or [(e["from"], e["local_grad"]) for e in children[old]]
        new_edges += [edge(new_id[c], new_id[old], g) for c, g in pairs]
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
        if nodes[top]["op"] == WEIGHTED_SUM and kids and kids[-1] == bias:
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
