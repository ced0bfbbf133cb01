"""The HTML of each widget: its data as JSON, plus what shows before (or without) JavaScript."""

import html
import json

from pymdownx.superfences import SuperFencesException

from backprop_site.fences import Fence


def data_script(data: dict) -> str:
    """JSON in a non-executing script tag; '<' is escaped so code can never close the tag."""
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" class="bp-data">{text}</script>'


def code_fallback(code: str) -> str:
    """The code as plain text, replaced by the editor once the page's script runs."""
    return f'<pre class="bp-fallback"><code class="language-python">{html.escape(code)}</code></pre>'


def run_cell(code: str, cell_id: str) -> str:
    """A code cell: editor, Run/Stop/Reset, and an Output log (drawn by the front end)."""
    data = {"kind": "run", "id": cell_id, "code": code}
    return (
        f'<div class="bp-widget bp-run" data-kind="run" id="{cell_id}">'
        f"{data_script(data)}{code_fallback(code)}</div>"
    )


def is_run_cell(language: str, inputs: dict, options: dict, attrs: dict, md) -> bool:
    """superfences' validator: a ```python run fence, with the id the plugin gave it (on_page_markdown)."""
    if "run" not in inputs:
        return False  # any other python fence is highlighted as usual
    options["id"] = inputs.get("id", "")
    return True


def run_cell_fence(source: str, language: str, class_name: str, options: dict, md, **kwargs) -> str:
    """superfences' format: a run cell of the fence's code, snippets (--8<-- "path") already included."""
    if not options["id"]:
        raise SuperFencesException("a ```python run fence in a blockquote: the backprop plugin cannot see it")
    return run_cell(source.rstrip("\n"), options["id"])  # an included file's last newline is no line


# Run cells are superfences' custom fences, so pymdownx.snippets fills them as it fills any fence.
RUN_CELL_FENCE = {"name": "python", "class": "bp-run", "validator": is_run_cell, "format": run_cell_fence}


def lab(fence: Fence, lab_id: str, title: str, hint_count: int) -> str:
    """A lab: a region named by its title, with the run-cell controls plus Check, Hint, Solution."""
    data = {"kind": "lab", "id": lab_id, "title": title, "code": fence.code, "hints": hint_count}
    heading = html.escape(title)
    return (
        f'<section class="bp-widget bp-lab" data-kind="lab" id="lab-{lab_id}" '
        f'aria-labelledby="lab-{lab_id}-title">'
        f'<h3 class="bp-lab__title" id="lab-{lab_id}-title">Lab: {heading}</h3>'
        f"{data_script(data)}{code_fallback(fence.code)}</section>"
    )


def graph(fence: Fence, graph_id: str, diagram: dict, caption: str) -> str:
    """A diagram: its data (graph, films, paths) as JSON, with the node table as the text alternative."""
    data = {"kind": "graph", "id": graph_id, "code": fence.code, "caption": caption, "graph": diagram}
    constants = set(diagram["constants"])
    rows = "".join(
        f'<tr data-node="{n["id"]}">'
        f'<th scope="row">{html.escape(name)}</th>'
        f"<td>{html.escape(n['op'] or ('constant' if n['id'] in constants else 'input'))}</td>"
        f'<td class="bp-graph__num" data-field="data">{html.escape(text["data"])}</td>'
        f'<td class="bp-graph__num" data-field="grad">{html.escape(text["grad"])}</td>'
        "</tr>"
        for n, name, text in zip(diagram["nodes"], diagram["names"], diagram["texts"])
    )
    table = (
        f'<table class="bp-graph__table"><caption>{html.escape(caption)}</caption>'
        '<thead><tr><th scope="col">Label</th><th scope="col">Operation</th>'
        '<th scope="col">Value</th><th scope="col">Gradient</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
    return (
        f'<figure class="bp-widget bp-graph" data-kind="graph" id="{graph_id}">'
        f'{data_script(data)}<div class="bp-graph__canvas"></div>'
        f'<details class="bp-graph__details"><summary>Table of nodes</summary>{table}</details>'
        "</figure>"
    )


def attention(data: dict, widget_id: str) -> str:
    """The attention picture: each head's weights as JSON, head 1 drawn as a heatmap and a table, so
    both show before (or without) JavaScript; the page adds the name box and the head buttons."""
    return (
        f'<figure class="bp-widget bp-attention" data-kind="attention" id="{widget_id}">'
        f"{data_script({'kind': 'attention', 'id': widget_id, **data})}"
        f'<div class="bp-attention__picture">{attention_heatmap(data, 0)}</div>'
        '<details class="bp-attention__details"><summary>Table of weights</summary>'
        f"{attention_table(data, 0)}</details></figure>"
    )


STRONG = 0.7  # from this weight on, a cell is dark enough for light text (both themes)


def _weight_text(w: float) -> str:
    return f"{w:.2f}"


def _token(t: str) -> str:
    """BOS, the start of a name, is drawn as a dot (the table spells it out)."""
    return "·" if t == "BOS" else html.escape(t)


def attention_heatmap(data: dict, head: int) -> str:
    """One head as a grid: a row per position (the letter it reads), a column per position it may look at."""
    tokens, rows = data["tokens"], data["heads"][head]
    n = len(tokens)
    cells = ['<span class="bp-attention__corner"></span>']
    cells += [f'<span class="bp-attention__key">{_token(t)}</span>' for t in tokens]
    for t, row in enumerate(rows):
        cells.append(f'<span class="bp-attention__query">{_token(tokens[t])}</span>')
        for s in range(n):
            if s < len(row):
                w = row[s]
                strong = " data-strong" if w >= STRONG else ""
                cells.append(
                    f'<span class="bp-attention__cell" data-row="{t}" data-col="{s}" style="--w:{w}"{strong}>'
                    f"{_weight_text(w)}</span>"
                )
            else:
                cells.append('<span class="bp-attention__cell bp-attention__cell--future"></span>')
    label = f"Head {head + 1} on {html.escape(data['name'])}: see the table of weights"
    wide = str(n > 8).lower()
    return (
        f'<div class="bp-attention__grid" data-wide="{wide}" role="img" aria-label="{label}" style="--n:{n}">'
        f"{''.join(cells)}</div>"
    )


def attention_table(data: dict, head: int) -> str:
    """The text alternative: a row per position, its weight on each earlier position (BOS is the start)."""
    tokens, rows = data["tokens"], data["heads"][head]
    head_cells = "".join(f'<th scope="col">{s} {html.escape(t)}</th>' for s, t in enumerate(tokens))
    body = "".join(
        f'<tr><th scope="row">{t} {html.escape(tokens[t])}</th>'
        + "".join(f"<td>{_weight_text(w)}</td>" for w in row)
        + "<td></td>" * (len(tokens) - len(row))
        + "</tr>"
        for t, row in enumerate(rows)
    )
    caption = (
        f"Head {head + 1} on “{html.escape(data['name'])}”: how much each position (row) looks at each "
        "position up to it (column)"
    )
    return (
        f'<table class="bp-attention__table"><caption>{caption}</caption>'
        f'<thead><tr><th scope="col">position</th>{head_cells}</tr></thead><tbody>{body}</tbody></table>'
    )
