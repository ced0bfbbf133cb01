"""What the diagram tests share: locating a diagram, reading what it shows, checking overlaps."""

import json
from pathlib import Path

from playwright.sync_api import Locator, Page

SEED_NAMES = ["a", "b", "c", "L"]
# No service worker: its one-off reload (to become cross-origin isolated) would race the tests.
CONTEXT = {"viewport": {"width": 1100, "height": 900}, "reduced_motion": "reduce", "service_workers": "block"}


def seed_figure(page: Page) -> Locator:
    """The seed example's diagram (a = 2, b = 3, c = a * b, L = c + a)."""
    figures = page.locator("figure.bp-graph")
    for i in range(figures.count()):
        if embedded(figures.nth(i))["graph"]["names"] == SEED_NAMES:
            return figures.nth(i)
    raise AssertionError("no diagram of the seed example on the page")


def embedded(figure: Locator) -> dict:
    return json.loads(figure.locator(":scope > script.bp-data").text_content())


def node_texts(figure: Locator) -> dict[str, tuple[str, str]]:
    """Each value node's name -> (data, grad) as the diagram shows them."""
    rows = figure.locator(".bp-node").evaluate_all(
        "nodes => nodes.map(n => [n.querySelector('.bp-node__label').textContent,"
        " n.querySelector('.bp-node__data').textContent, n.querySelector('.bp-node__grad').textContent])"
    )
    return {name: (data, grad) for name, data, grad in rows}


def grads(figure: Locator) -> dict[str, str]:
    return {name: grad for name, (_, grad) in node_texts(figure).items()}


def edge_labels(figure: Locator) -> dict[tuple[str, str], str]:
    """(child, parent) -> the label's text, lines joined with spaces."""
    graph = embedded(figure)["graph"]
    texts = figure.locator(".bp-edge-label").evaluate_all(
        "labels => labels.map(l => [Number(l.dataset.edge), [...l.querySelectorAll('tspan')]"
        ".map(t => t.textContent).join(' ')])"
    )
    names = graph["names"]
    return {(names[graph["edges"][k]["from"]], names[graph["edges"][k]["to"]]): text for k, text in texts}


OVERLAPS = (Path(__file__).parent / "graph_overlaps.js").read_text()


def assert_no_overlaps(figure: Locator, when: str) -> None:
    found = figure.evaluate(OVERLAPS)
    assert found["count"] > 0
    assert found["clashes"] == [], f"overlapping boxes {when}: {found['clashes'][:5]}"
    assert found["overflow"] == [], f"text outside its box {when}: {found['overflow'][:5]}"


def check_every_diagram(page: Page) -> None:
    figures = page.locator("figure.bp-graph")
    assert figures.count() > 0
    for i in range(figures.count()):
        figure = figures.nth(i)
        figure.scroll_into_view_if_needed()
        assert_no_overlaps(figure, f"in diagram {i} at rest")
        figure.get_by_role("button", name="Backward pass").click()
        figure.get_by_role("slider", name="Step").focus()
        page.keyboard.press("End")
        assert_no_overlaps(figure, f"in diagram {i} at the end of the backward film")
