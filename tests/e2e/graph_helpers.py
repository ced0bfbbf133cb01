"""What the diagram tests share: locating a diagram, reading what it shows, checking overlaps."""

import json
import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

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


# Layout: each diagram opens showing its output node whole, in readable text; what does not fit scrolls

READABLE_PX = 11

# Per diagram: is its output node inside the visible box of its canvas; the smallest text as drawn (px);
# does the canvas scroll, and what does the scroll cue say.
SURVEY = """figure => {
  const canvas = figure.querySelector('.bp-graph__canvas');
  const svg = canvas.querySelector('svg.bp-graph__svg');
  const data = JSON.parse(figure.querySelector(':scope > script.bp-data').textContent).graph;
  const box = canvas.getBoundingClientRect();
  const out = canvas.querySelector(`.bp-node[data-node="${data.output}"]`).getBoundingClientRect();
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
  return {
    output: data.names[data.output],
    inside: out.left >= box.left - 0.5 && out.right <= box.right + 0.5
      && out.top >= box.top - 0.5 && out.bottom <= box.bottom + 0.5,
    smallest: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)),
    scrolls: canvas.scrollWidth > canvas.clientWidth + 1 || canvas.scrollHeight > canvas.clientHeight + 1,
    cue: figure.querySelector('.bp-graph__more').textContent,
  };
}"""


def survey(figure: Locator) -> dict:
    figure.scroll_into_view_if_needed()
    # The diagram code is fetched after the page loads: wait until this figure is drawn.
    expect(figure).to_have_attribute("data-direction", re.compile("LR|TB"))
    return figure.evaluate(SURVEY)


def check_every_layout(page: Page, where: str) -> None:
    """Every graph diagram of the page opens on its output node, text readable, a cue where it scrolls."""
    figures = page.locator("figure.bp-graph[data-kind='graph']")
    assert figures.count() > 0
    for i in range(figures.count()):
        found = survey(figures.nth(i))
        diagram = f"diagram {i} ({found['output']}) of {where}"
        assert found["inside"], f"{diagram}: its output node is outside the visible box"
        assert found["smallest"] >= READABLE_PX - 0.05, f"{diagram}: text drawn at {found['smallest']:.1f} px"
        cue = f"{diagram}: scroll cue {found['cue']!r}, scrolls {found['scrolls']}"
        assert bool(found["cue"]) == found["scrolls"], cue
