"""show() and plot(), the course site's drawing helpers, for its notebooks: here they print."""

from engine.graph import values_in_order  # the course's engine/ is beside this file


def show(value, title: str = "") -> None:
    """Print value's computation graph as a table, inputs first: each node's operation, data and grad."""
    if title:
        print(title)
    print(f"{'node':>5} {'operation':>10} {'data':>12} {'grad':>12}")
    for n, node in enumerate(values_in_order(value)):
        print(f"{n:5} {node._op or 'input':>10} {node.data:12.6g} {node.grad:12.6g}")


def plot(x, *ys, labels=(), title: str = "", xlabel: str = "x", ylabel: str = "y", **_options) -> None:
    """Print the numbers the site would chart: x against each of ys (x against 0, 1, 2, ... alone)."""
    x, ys = (list(range(len(x))), [x]) if not ys else (x, ys)
    names = (
        [*labels, *(f"{ylabel} {k + 1}" for k in range(len(labels), len(ys)))] if len(ys) > 1 else [ylabel]
    )
    if title:
        print(title)
    print(f"{xlabel:>12} " + " ".join(f"{name:>12}" for name in names))
    for k, xk in enumerate(x):
        print(f"{xk:12.6g} " + " ".join(f"{y[k]:12.6g}" for y in ys))
