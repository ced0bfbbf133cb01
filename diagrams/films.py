"""Films of a diagram: the forward pass computes each value, the backward pass passes gradients back."""

from diagrams.texts import expression, fmt, grad_of, operand
from engine.graph import children_of


def forward_film(traced: dict, names: list[str], constants: list[int] = ()) -> list[dict]:
    """Frame k (k >= 1) computes the k-th node of the order; frame 0 has computed nothing."""
    children, constants = children_of(traced), set(constants)
    frames = [{"caption": "Nothing computed yet: each value is computed after the values it is made from."}]
    for i in range(len(traced["nodes"])):
        node, kids = traced["nodes"][i], children[i]
        if i in constants:
            caption = f"{names[i]} is a constant."
        elif not kids:
            caption = f"{names[i]} = {fmt(node['data'])} (an input)."
        else:
            expr = expression(
                node["op"], [operand(names[e["from"]], " " not in names[e["from"]]) for e in kids]
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
    nodes, children, out, constants = traced["nodes"], children_of(traced), traced["output"], set(constants)
    grads = [0.0] * len(nodes)
    parts: list[list[float]] = [[] for _ in nodes]
    frames = [
        {"set": [[i, 0.0, "0"] for i in range(len(nodes))], "caption": "Before backward(): every grad is 0."}
    ]
    grads[out] = 1.0
    seed = f"Seed: {grad_of(names[out])} = 1, since {names[out]} changes one for one with itself."
    frames.append(
        {
            "node": out,
            "edges": [],
            "set": [[out, 1.0, "1"]],
            "caption": seed,
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
                f"{grad_of(names[child])} += {fmt(contribution)} → {total}"
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
    names = [str(n["id"]) for n in traced["nodes"]]
    for frame in backward_film(traced, names, traced.get("constants", ())):
        for i, g, _ in frame["set"]:
            grads[i] = g
    return grads
