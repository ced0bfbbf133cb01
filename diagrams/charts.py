"""Line charts: the numbers of a plot() call as the page's renderer (uPlot) draws them."""

import math
from collections.abc import Iterable, Sequence

MAX_POINTS = 20_000


class PlotError(ValueError):
    """Numbers that cannot be drawn, explained in the learner's terms."""


def chart(
    x: Sequence[float],
    *ys: Sequence[float],
    labels: Sequence[str] = (),
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    logx: bool = False,
    logy: bool = False,
    points: bool = False,
) -> dict:
    """The data of a plot() call as the page's renderer reads it (JSON-ready)."""
    if not ys:
        x, ys = range(len(_numbers(x, "the values"))), (x,)
    xs = _numbers(x, "x")
    if len(xs) > MAX_POINTS:
        raise PlotError(f"plot: {len(xs):,} points is more than the {MAX_POINTS:,} a chart can show")
    series = []
    for i, y in enumerate(ys):
        values = _numbers(y, f"series {i + 1}")
        if len(values) != len(xs):
            raise PlotError(f"plot: x has {len(xs)} numbers but series {i + 1} has {len(values)}")
        label = labels[i] if i < len(labels) else (ylabel or f"series {i + 1}")
        series.append({"label": str(label), "values": [_drawable(v, logy) for v in values]})
    return {
        "title": str(title),
        "x": [_drawable(v, logx) for v in xs],
        "series": series,
        "xlabel": str(xlabel),
        "ylabel": str(ylabel),
        "logx": bool(logx),
        "logy": bool(logy),
        "points": bool(points),
    }


def _numbers(values: Iterable, what: str) -> list[float]:
    """values as floats; a Value counts as its .data, so plot(losses) works on Values too."""
    try:
        return [float(getattr(v, "data", v)) for v in values]
    except (TypeError, ValueError):
        raise PlotError(f"plot: {what} must be a list of numbers") from None


def _drawable(v: float, log: bool) -> float | None:
    """None (a gap in the line) where a number cannot be drawn: inf, nan, or not positive on a log axis."""
    if math.isnan(v) or math.isinf(v) or (log and v <= 0):
        return None
    return v
