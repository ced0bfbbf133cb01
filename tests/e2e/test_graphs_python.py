"""Diagrams with Python: a nudge starts it and shows the engine's recomputed values; show(v) draws a
cell's graph. On the gallery site (tests/visual/pages/), which has a page of diagrams without cells."""

import math
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.graph_helpers import CONTEXT, check_every_diagram, embedded, grads, node_texts, seed_figure
from tests.e2e.learner import close_page, start_cell

PYODIDE = "/assets/pyodide/"


@pytest.fixture(scope="module")
def gallery(gallery_url: str) -> str:
    return gallery_url


@pytest.fixture
def new_tab(shared_context: BrowserContext) -> Iterator[Callable[[], Page]]:
    """Opens tabs of the shared profile as the diagram tests see pages; closes them after the test."""
    opened: list[Page] = []

    def open_() -> Page:
        page = shared_context.new_page()
        page.set_viewport_size(CONTEXT["viewport"])
        page.emulate_media(reduced_motion=CONTEXT["reduced_motion"])
        opened.append(page)
        return page

    yield open_
    for page in opened:
        close_page(page)


def test_diagrams_alone_do_not_start_python_but_a_nudge_does(new_tab, gallery: str) -> None:
    page = new_tab()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(gallery + "/")
    page.wait_for_load_state("networkidle")
    figure = seed_figure(page)
    expect(figure.locator(".bp-node")).to_have_count(4)
    python = [u for u in requests if u.endswith("/worker.js") or PYODIDE in u]
    assert python == [], "Python started without a nudge"
    assert page.locator("html").get_attribute("data-python") is None
    nudge = figure.get_by_role("group", name="Nudge the inputs of L")
    expect(nudge.locator(".bp-nudge__status")).to_contain_text("this starts Python")

    field = nudge.get_by_label("a", exact=True)
    field.fill("2.1")
    expect(nudge.locator(".bp-nudge__status")).to_contain_text("Python is loading")
    result = nudge.locator(".bp-nudge__result")
    expect(result).to_contain_text("L went from 8 to 8.4: actual change +0.4.", timeout=40_000)
    expect(result).to_contain_text("Prediction a.grad × Δa = 4 × +0.1 = +0.4.")
    assert node_texts(figure) == {"a": ("2.1", "4"), "b": ("3", "2.1"), "c": ("6.3", "1"), "L": ("8.4", "1")}
    table_values = figure.locator("table td[data-field=data]").all_text_contents()
    assert table_values == ["2.1", "3", "6.3", "8.4"]

    # Two nudges at once: the prediction adds both terms; the actual change includes their product.
    nudge.get_by_label("b", exact=True).fill("3.5")
    expect(result).to_contain_text("L went from 8 to 9.45: actual change +1.45.")
    expect(result).to_contain_text("Prediction a.grad × Δa + b.grad × Δb = 4 × +0.1 + 2 × +0.5 = +1.4.")
    # The films replay the nudged graph.
    figure.get_by_role("button", name="Backward pass").click()
    figure.get_by_role("slider", name="Step").focus()
    page.keyboard.press("End")
    assert grads(figure) == {"a": "4.5", "b": "2.1", "c": "1", "L": "1"}
    nudge.get_by_role("button", name="Reset values").click()
    expect(result).to_be_empty()
    expect(figure.locator('.bp-node[data-node="3"] .bp-node__data')).to_have_text("8")


def test_show_draws_a_cells_graph_with_the_same_widget(new_tab, gallery: str) -> None:
    page = new_tab()
    page.goto(gallery + "/cells/")
    cell = page.locator(".bp-run").first
    start_cell(cell)
    output = cell.get_by_role("log", name="Output")
    figure = output.locator("figure.bp-graph")
    expect(figure).to_have_count(1, timeout=40_000)
    x = -1.5
    y = max(x * x, 0) + math.exp(x)
    shown = node_texts(figure)
    assert shown["x"] == ("-1.5", f"{2 * x + math.exp(x):.4g}")
    assert shown["y"] == (f"{y:.4g}", "1")
    assert figure.locator(".bp-op__text").all_text_contents() == ["*", "relu", "exp", "+"]
    # The table (built in the page for show) is reachable.
    figure.get_by_text("Table of nodes").click()
    expect(figure.get_by_role("table")).to_be_visible()
    expect(figure.get_by_role("row")).to_have_count(6)
    # Its film and nudges work like a graph block's.
    figure.get_by_role("button", name="Backward pass").click()
    figure.get_by_role("button", name="Step forward").click()
    assert grads(figure)["y"] == "1"
    figure.get_by_label("x", exact=True).fill("-1.4")
    result = figure.locator(".bp-nudge__result")
    expect(result).to_contain_text("actual change")
    expect(figure.locator(".bp-node", has_text="data -1.4")).to_have_count(1)
    check_every_diagram(page)


def test_no_overlaps_on_a_fifty_node_diagram_which_scrolls_and_zooms(new_tab, gallery: str) -> None:
    page: Page = new_tab()
    page.goto(gallery + "/mlp/")
    figure = page.locator("figure.bp-graph").first
    expect(figure).to_have_attribute("data-nodes", re.compile(r"^\d+$"))  # set once the diagram is drawn
    nodes = int(figure.get_attribute("data-nodes"))
    assert nodes >= 40
    check_every_diagram(page)
    canvas = figure.locator(".bp-graph__canvas")
    width, scroll_width = canvas.evaluate("c => [c.clientWidth, c.scrollWidth]")
    assert scroll_width > width, "a big graph keeps readable text and scrolls"
    assert float(figure.get_attribute("data-scale")) >= 11 / 12  # edge labels (12 px) drawn at >= 11 px
    expect(figure.locator(".bp-graph__more")).to_contain_text("for more of the graph")
    figure.get_by_role("button", name="Fit to width").click()  # fits as far as text stays readable
    assert float(figure.get_attribute("data-scale")) >= 11 / 12
    # Nudge inputs of a big graph fold away.
    inputs = embedded(figure)["graph"]["inputs"]
    expect(figure.locator("details.bp-nudge__more > summary")).to_have_text(f"{len(inputs)} inputs")
