"""Every diagram of the site opens showing its output node whole, in text no smaller than 11 px,
at a desktop and a phone width; what does not fit scrolls, with a visible cue. HTML only: no Python."""

import re

import pytest
from playwright.sync_api import Browser, Locator, expect

from tests.e2e.graph_helpers import CONTEXT
from tests.e2e.test_graphs import GRAPH_PAGES

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


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", GRAPH_PAGES)
def test_every_diagram_opens_on_its_output_in_readable_text(
    browser: Browser, plain_server: str, path: str, width: int
) -> None:
    context = browser.new_context(**{**CONTEXT, "viewport": {"width": width, "height": 900}})
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    page.goto(plain_server + path)
    figures = page.locator("figure.bp-graph[data-kind='graph']")
    assert figures.count() > 0
    for i in range(figures.count()):
        found = survey(figures.nth(i))
        where = f"diagram {i} ({found['output']}) of {path} at {width} px"
        assert found["inside"], f"{where}: its output node is outside the visible box"
        assert found["smallest"] >= READABLE_PX - 0.05, f"{where}: text drawn at {found['smallest']:.1f} px"
        cue = f"{where}: scroll cue {found['cue']!r}, scrolls {found['scrolls']}"
        assert bool(found["cue"]) == found["scrolls"], cue
    context.close()


def test_fit_never_shrinks_a_long_chain_below_readable(browser: Browser, plain_server: str) -> None:
    context = browser.new_context(**{**CONTEXT, "viewport": {"width": 390, "height": 900}})
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    page.goto(plain_server + "/designs/deep-graphs/")
    figure = page.locator("figure.bp-graph").first
    for name in ("Zoom in", "Fit to width", "Zoom out", "Zoom out"):
        figure.get_by_role("button", name=name).click()
        found = survey(figure)
        smallest = found["smallest"]
        assert smallest >= READABLE_PX - 0.05, f"after {name}: text drawn at {smallest:.1f} px"
    figure.get_by_role("button", name="Fit to width").click()
    assert survey(figure)["inside"]
    context.close()
