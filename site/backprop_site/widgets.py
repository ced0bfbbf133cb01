"""The HTML of each widget: its data as JSON, plus what shows before (or without) JavaScript."""

import html
import json

from backprop_site.fences import Fence


def data_script(data: dict) -> str:
    """JSON in a non-executing script tag; '<' is escaped so code can never close the tag."""
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" class="bp-data">{text}</script>'


def code_fallback(code: str) -> str:
    """The code as plain text, replaced by the editor once the page's script runs."""
    return f'<pre class="bp-fallback"><code class="language-python">{html.escape(code)}</code></pre>'


def run_cell(fence: Fence, cell_id: str) -> str:
    """A code cell: editor, Run/Stop/Reset, and an Output log (drawn by the front end)."""
    data = {"kind": "run", "id": cell_id, "code": fence.code}
    return (
        f'<div class="bp-widget bp-run" data-kind="run" id="{cell_id}">'
        f"{data_script(data)}{code_fallback(fence.code)}</div>"
    )


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
