"""Diagrams on the built site, before Python loads: drawing, table, films, paths, zoom, overlaps, contrast."""

import re
from pathlib import Path

import pytest
from backprop_site.graphs import run_graph_block
from playwright.sync_api import Browser, Page, expect

from tests.e2e.graph_helpers import (
    CONTEXT,
    SEED_NAMES,
    edge_labels,
    embedded,
    grads,
    node_texts,
    seed_figure,
)
from tests.site_server import SITE

GRAPH_PAGES = sorted(
    ("/" + p.parent.relative_to(SITE).as_posix() + "/").replace("/./", "/")
    for p in SITE.rglob("index.html")
    if "assets" not in p.parts and 'data-kind="graph"' in p.read_text()
)


@pytest.fixture(scope="module")
def home(browser: Browser, plain_server: str):
    """The home page with Python held back: its worker script is requested but never arrives."""
    context = browser.new_context(**CONTEXT)
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    page.goto(plain_server + "/")
    yield page
    context.close()


def test_diagram_is_drawn_before_python_loads(home: Page) -> None:
    figure = seed_figure(home)
    expect(figure.locator("svg.bp-graph__svg")).to_be_visible()
    expect(figure.locator(".bp-node")).to_have_count(4)
    expect(figure.locator(".bp-op")).to_have_count(2)
    assert sorted(figure.locator(".bp-op__text").all_text_contents()) == ["*", "+"]
    assert home.locator("html").get_attribute("data-python") == "loading"
    # The page has a code cell, so Python is on its way; the nudge control says so.
    expect(figure.locator(".bp-nudge__status")).to_contain_text("Python is loading")
    assert node_texts(figure) == {"a": ("2", "4"), "b": ("3", "2"), "c": ("6", "1"), "L": ("8", "1")}


def test_table_is_the_text_alternative_and_matches_the_engine(home: Page) -> None:
    figure = seed_figure(home)
    data = embedded(figure)
    engine = run_graph_block(data["code"])
    summary = figure.locator("summary", has_text="Table of nodes")
    summary.focus()
    home.keyboard.press("Enter")
    table = figure.get_by_role("table")
    expect(table).to_be_visible()
    headers = table.get_by_role("columnheader").all_text_contents()
    assert headers == ["Label", "Operation", "Value", "Gradient"]
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(engine["nodes"]))
    for i, node in enumerate(engine["nodes"]):
        label, op, value, grad = (c.strip() for c in rows.nth(i).locator("th, td").all_text_contents())
        assert label == engine["names"][i]
        assert op == (node["op"] or "input")
        assert float(value) == pytest.approx(node["data"], rel=1e-3)
        assert float(grad) == pytest.approx(node["grad"], rel=1e-3)
    summary.click()


def test_backward_film_steps_through_the_seed_example(home: Page) -> None:
    figure = seed_figure(home)
    film = figure.locator(".bp-film")
    figure.get_by_role("button", name="Backward pass").click()
    expect(film).to_have_attribute("data-frame", "0")
    assert grads(figure) == {"a": "0", "b": "0", "c": "0", "L": "0"}
    step = figure.get_by_role("button", name="Step forward")
    expected = [
        {"a": "0", "b": "0", "c": "0", "L": "1"},  # the seed
        {"a": "1", "b": "0", "c": "1", "L": "1"},  # L passes 1 × 1 to c and to a
        {"a": "4", "b": "2", "c": "1", "L": "1"},  # c passes 3 × 1 to a (1 + 3 = 4) and 2 × 1 to b
    ]
    for n, want in enumerate(expected, start=1):
        step.click()
        expect(film).to_have_attribute("data-frame", str(n))
        assert grads(figure) == want, f"after backward step {n}"
    caption = figure.locator(".bp-film__caption")
    expect(caption).to_contain_text("to a: 3 × 1 = 3, a.grad += 3 → 4 (= 1 + 3)")
    # Both parts of a's gradient stay on its two edges: 1 straight into +, 3 through *.
    labels = edge_labels(figure)
    assert labels[("a", "L")] == "1 × 1 = 1"
    assert labels[("a", "c")] == "3 × 1 = 3"
    active = figure.locator(".bp-edge-label.is-active")
    expect(active).to_have_count(2)
    figure.get_by_role("button", name="Step back").click()
    expect(film).to_have_attribute("data-frame", "2")
    assert grads(figure)["a"] == "1"


def test_forward_film_computes_in_topological_order(home: Page) -> None:
    figure = seed_figure(home)
    film = figure.locator(".bp-film")
    figure.get_by_role("button", name="Forward pass").click()
    expect(film).to_have_attribute("data-frame", "0")
    assert {name: data for name, (data, _) in node_texts(figure).items()} == dict.fromkeys(SEED_NAMES, "?")
    shown = []
    for _ in SEED_NAMES:
        figure.get_by_role("button", name="Step forward").click()
        done = {name: data for name, (data, _) in node_texts(figure).items() if data != "?"}
        shown.append(done)
    assert shown == [
        {"a": "2"},
        {"a": "2", "b": "3"},
        {"a": "2", "b": "3", "c": "6"},
        {"a": "2", "b": "3", "c": "6", "L": "8"},
    ]
    expect(figure.locator(".bp-film__caption")).to_contain_text("L = c + a = 8")


def test_film_plays_and_is_keyboard_operable(home: Page) -> None:
    figure = seed_figure(home)
    film = figure.locator(".bp-film")
    figure.get_by_role("button", name="Backward pass").click()
    figure.get_by_label("Speed").select_option("2")
    figure.get_by_role("button", name="Play").click()
    expect(figure.get_by_role("button", name="Pause")).to_be_visible()
    expect(film).to_have_attribute("data-frame", "3", timeout=5_000)
    expect(figure.get_by_role("button", name="Play")).to_be_visible()
    scrubber = figure.get_by_role("slider", name="Step")
    scrubber.focus()
    home.keyboard.press("Home")
    expect(film).to_have_attribute("data-frame", "0")
    home.keyboard.press("ArrowRight")
    expect(film).to_have_attribute("data-frame", "1")
    assert scrubber.get_attribute("aria-valuetext") == "Backward pass, step 1 of 3"
    figure.get_by_role("button", name="Step forward").focus()
    home.keyboard.press("Enter")
    expect(film).to_have_attribute("data-frame", "2")
    home.keyboard.press("Space")
    expect(film).to_have_attribute("data-frame", "3")
    assert grads(figure) == {"a": "4", "b": "2", "c": "1", "L": "1"}


def test_paths_from_a_node_to_the_output(home: Page) -> None:
    figure = seed_figure(home)
    panel = figure.locator(".bp-paths")
    figure.locator(".bp-node", has=home.locator(".bp-node__label", has_text=re.compile("^a$"))).hover()
    expect(panel).to_contain_text("2 paths lead from a to L")
    items = panel.locator("li").all_text_contents()
    assert items == ["a → c → L: 3 × 1 = 3", "a → L: 1 = 1"]
    expect(panel.locator(".bp-paths__sum")).to_have_text("Sum: 3 + 1 = 4 = a.grad")
    # Every edge out of a, c and L is on a path; b's edge is not.
    on_path = figure.locator(".bp-edge.is-on-path:not(.bp-edge--op)")
    expect(on_path).to_have_count(3)
    b_node = figure.locator('.bp-node.is-off-path[data-node="1"]')
    expect(b_node).to_have_count(1)
    # Keyboard: focus a node, arrows move along the topological order (a, b, c, L).
    home.mouse.move(0, 0)
    expect(panel.locator(".bp-paths__hint")).to_be_visible()
    figure.locator('.bp-node[data-node="3"]').focus()
    expect(panel).to_contain_text("L is the output")
    home.keyboard.press("ArrowLeft")
    expect(panel).to_contain_text("One path leads from c to L")
    expect(panel.locator("li")).to_have_text(["c → L: 1 = 1"])
    home.keyboard.press("ArrowLeft")
    expect(panel.locator("li")).to_have_text(["b → c → L: 2 × 1 = 2"])
    home.keyboard.press("Enter")
    expect(figure.locator('.bp-node[data-node="1"]')).to_have_attribute("aria-pressed", "true")
    home.keyboard.press("Tab")  # leaving keeps the pinned node's paths
    expect(panel.locator("li")).to_have_text(["b → c → L: 2 × 1 = 2"])
    figure.locator('.bp-node[data-node="1"]').click()
    expect(figure.locator('.bp-node[data-node="1"]')).to_have_attribute("aria-pressed", "false")


def test_zoom_buttons_scale_the_drawing(home: Page) -> None:
    figure = seed_figure(home)
    svg = figure.locator("svg.bp-graph__svg")
    before = float(svg.get_attribute("width"))
    figure.get_by_role("button", name="Zoom in").click()
    assert float(svg.get_attribute("width")) == pytest.approx(before * 1.25, abs=1)
    figure.get_by_role("button", name="Zoom out").click()
    assert float(svg.get_attribute("width")) == pytest.approx(before, abs=1)
    figure.get_by_role("button", name="Zoom out").click()  # stops where text would drop below 11 px
    assert before / 1.25 < float(svg.get_attribute("width")) < before
    figure.get_by_role("button", name="Fit to width").click()
    assert float(svg.get_attribute("width")) <= figure.locator(".bp-graph__canvas").bounding_box()["width"]


# Colour contrast: WCAG AA for every text of a diagram, light and dark, at rest, mid-film and tracing ------

COLOURS = (Path(__file__).parent / "graph_colours.js").read_text()


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def over(colour: list[float], under: list[float]) -> list[float]:
    alpha = colour[3] if len(colour) > 3 else 1.0
    return [alpha * c + (1 - alpha) * u for c, u in zip(colour[:3], under[:3])]


def contrast(fg: list[float], bg: list[float]) -> float:
    hi, lo = sorted([luminance(fg), luminance(bg)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_meets_wcag_aa(browser: Browser, plain_server: str, scheme: str) -> None:
    # A fresh profile: Material keeps the palette it chose, and a first visit follows the system's.
    context = browser.new_context(**CONTEXT, color_scheme=scheme)
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    page.goto(plain_server + "/")
    figure = seed_figure(page)
    expected_slate = "slate" if scheme == "dark" else "default"
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected_slate)
    expect(figure.locator(".bp-node text").first).to_be_visible()  # the widget has drawn it
    states = {"at rest": lambda: None}
    states["mid-film"] = lambda: (
        figure.get_by_role("button", name="Backward pass").click(),
        figure.get_by_role("button", name="Step forward").click(),
        figure.get_by_role("button", name="Step forward").click(),
    )
    states["tracing paths"] = lambda: figure.locator('.bp-node[data-node="0"]').hover()
    states["forward film"] = lambda: (
        figure.get_by_role("button", name="Forward pass").click(),
        figure.get_by_role("button", name="Step forward").click(),
    )
    for state, act in states.items():
        act()
        samples = figure.evaluate(COLOURS)
        assert samples
        for s in samples:
            page_bg = over(s["page"], [255, 255, 255])
            bg = over(s["bg"], page_bg)
            ratio = contrast(over(s["fg"], bg), bg)
            assert ratio >= 4.5, f"{scheme}, {state}: {s['text']!r} has contrast {ratio:.2f}"
    context.close()


@pytest.mark.parametrize(("motion", "animated"), [("reduce", False), ("no-preference", True)])
def test_films_honour_reduced_motion(home: Page, plain_server: str, motion: str, animated: bool) -> None:
    page = home
    page.emulate_media(reduced_motion=motion)
    page.goto(plain_server + "/")
    figure = seed_figure(page)
    figure.get_by_role("button", name="Backward pass").click()
    figure.get_by_role("button", name="Step forward").click()
    figure.get_by_role("button", name="Step forward").click()
    line = figure.locator(".bp-edge.is-active .bp-edge__line").first
    style = line.evaluate("l => [getComputedStyle(l).animationName, getComputedStyle(l).transitionDuration]")
    page.emulate_media(reduced_motion=CONTEXT["reduced_motion"])
    assert (style != ["none", "0s"]) is animated, style
