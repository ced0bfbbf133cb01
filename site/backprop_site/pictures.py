"""The GPT module's pictures of what the model thinks (next-letter probabilities while sampling, the loss
letter by letter, the gradient check): their markers in a lesson, their build-time numbers from gpt/, and
their HTML, a table of the numbers that shows before (or without) JavaScript."""

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from backprop_site.widgets import data_script
from gpt.checkpoint import load_checkpoint
from gpt.gradient_check import gradient_check
from gpt.letter_loss import compare_losses
from gpt.sampling import sampling_steps


@dataclass(frozen=True)
class Picture:
    """A kind of picture: the marker line that places it, its numbers, and its fallback HTML."""

    kind: str
    marker: re.Pattern
    data: Callable[[re.Match], dict]
    tables: Callable[[dict], str]


@cache
def _model():
    return load_checkpoint()[0]


def _fmt(x: float, digits: int = 3) -> str:
    return f"{x:.{digits}f}"


def _token(t: str) -> str:
    return "start" if t == "BOS" else html.escape(t)


def _table(caption: str, head: list[str], rows: list[list[str]], foot: list[list[str]] = ()) -> str:
    """A table whose first column names its rows."""

    def row(cells: list[str], tag: str = "td") -> str:
        first, *rest = cells
        return f'<tr><th scope="row">{first}</th>' + "".join(f"<{tag}>{c}</{tag}>" for c in rest) + "</tr>"

    cols = "".join(f'<th scope="col">{h}</th>' for h in head)
    tfoot = f"<tfoot>{''.join(row(r) for r in foot)}</tfoot>" if foot else ""
    return (
        f"<table><caption>{caption}</caption><thead><tr>{cols}</tr></thead>"
        f"<tbody>{''.join(row(r) for r in rows)}</tbody>{tfoot}</table>"
    )


def sampling_tables(data: dict) -> str:
    """Every step: the text so far, the chosen token and its probability as learned and tempered."""
    t = data["temperature"]
    rows = [
        [
            str(k + 1),
            html.escape(s["so_far"]) or "(nothing yet)",
            "the end" if s["chosen"] == len(data["tokens"]) - 1 else data["tokens"][s["chosen"]],
            _fmt(s["learned"][s["chosen"]]),
            _fmt(s["tempered"][s["chosen"]]),
        ]
        for k, s in enumerate(data["steps"])
    ]
    caption = (
        f"Sampling “{html.escape(data['name'])}” (seed {data['seed']}, temperature {t:g}): each step's choice"
    )
    head = ["step", "written so far", "chosen", "probability as learned", f"probability at temperature {t:g}"]
    return _table(caption, head, rows)


def loss_tables(data: dict) -> str:
    """Per position, both models' probability of the right next token and its -ln p; the sums and means."""
    trained, untrained = data["models"]
    rows = [
        [
            f"{_token(a['reads'])} → {_token(a['next'])}",
            _fmt(a["p"]),
            _fmt(a["loss"]),
            _fmt(b["p"]),
            _fmt(b["loss"]),
        ]
        for a, b in zip(trained["rows"], untrained["rows"])
    ]
    n = len(rows)
    foot = [
        ["sum of −ln p", "", _fmt(trained["total"]), "", _fmt(untrained["total"])],
        [f"loss: the sum ÷ {n}", "", _fmt(trained["loss"]), "", _fmt(untrained["loss"])],
    ]
    head = ["reads → right next", "trained p", "trained −ln p", "untrained p", "untrained −ln p"]
    caption = f"The loss of “{html.escape(data['name'])}”, position by position"
    return _table(caption, head, rows, foot)


def gradient_tables(data: dict) -> str:
    """Every chosen parameter: its nudged estimate and backward()'s gradient."""
    rows = [
        [f"{html.escape(m)}[{r}][{c}]", f"{e:.6f}", f"{g:.6f}"]
        for (m, r, c), e, g in zip(data["parameters"], data["estimates"], data["gradients"])
    ]
    caption = f"Gradients of the loss of “{html.escape(data['name'])}” for {len(rows)} parameters"
    return _table(caption, ["parameter", "nudged estimate", "backward()"], rows)


PICTURES = [
    Picture(
        "sampling",
        re.compile(r'^<div class="bp-sampling" data-seed="(\d+)" data-temperature="([0-9.]+)"></div>$'),
        lambda m: sampling_steps(_model(), int(m[1]), float(m[2])),
        sampling_tables,
    ),
    Picture(
        "letter-loss",
        re.compile(r'^<div class="bp-letter-loss" data-name="([^"]*)"></div>$'),
        lambda m: compare_losses(m[1]),
        loss_tables,
    ),
    Picture(
        "gradient-check",
        re.compile(r'^<div class="bp-gradient-check" data-name="([^"]*)" data-seed="(\d+)"></div>$'),
        lambda m: gradient_check(_model(), m[1], int(m[2])),
        gradient_tables,
    ),
]


def picture(kind: str, data: dict, widget_id: str) -> str:
    """A picture's figure: its numbers as JSON and its table; the page draws the picture and its controls."""
    tables = next(p.tables for p in PICTURES if p.kind == kind)(data)
    return (
        f'<figure class="bp-widget bp-picture bp-{kind}" data-kind="{kind}" id="{widget_id}">'
        f"{data_script({'kind': kind, 'id': widget_id, **data})}"
        f'<div class="bp-picture__canvas"></div>'
        f'<details class="bp-picture__details"><summary>The numbers as a table</summary>{tables}</details>'
        "</figure>"
    )
