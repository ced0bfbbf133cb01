"""What a cell draws in its Output: show(v), a Value's computation graph, and plot(x, *ys), a chart."""

import json
import sys
from collections.abc import Sequence

import diagrams


def show(value, title: str = "") -> None:
    """Draw value's computation graph in this cell's Output, with its films, paths and nudges."""
    if not diagrams.is_value(value):
        raise TypeError(
            f"show() draws a Value and the values it was computed from, not {type(value).__name__}"
        )
    caller = sys._getframe(1)
    data = diagrams.diagram_in(value, {**caller.f_globals, **caller.f_locals})
    _emit("graph", {"kind": "graph", "graph": data, "title": str(title)})


def plot(x: Sequence[float], *ys: Sequence[float], **options) -> None:
    """Draw each of ys against x (or x against 0, 1, 2, ... when there is no ys) in the Output.

    Options, all optional: labels, title, xlabel, ylabel, logx, logy, points (see diagrams.charts.chart).
    """
    _emit("plot", diagrams.chart(x, *ys, **options))


def _emit(kind: str, payload: dict) -> None:
    from backprop_bridge import emit  # only the browser's worker has it

    emit(kind, json.dumps(payload))
