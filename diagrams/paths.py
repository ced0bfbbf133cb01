"""Paths of a diagram: every route from a node to the output, and the product of local gradients on it."""

from diagrams.texts import fmt

MAX_PATHS = 8  # paths listed per node; the count and the sum always cover all of them


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
