"""Every built page, opened once at a desktop width: no console error, no CSP violation, nothing asked
of any other host, each diagram on it opens readable on its output with no overlapping boxes, every
picture has words for a reader who cannot see it, and axe-core finds no WCAG 2.2 AA violation at 1280 px
in light and dark and at 390 px; then narrowed to 320 px and to 200% zoom, where nothing scrolls the page
sideways or is cut off."""

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accessibility import audit_views, broken_views, silent_worker, site_pages, wordless_pictures
from tests.e2e.graph_helpers import check_every_diagram, check_every_layout
from tests.e2e.learner import WATCH_VIOLATIONS, violations, wait_for_python
from tests.site_server import SITE

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

PAGES = site_pages()
WIDGET = re.compile(r'data-kind="([a-z-]+)"|class="(bp-moons-trainer|bp-names-trainer|bp-engine-source)"')
DESKTOP = {"width": 1280, "height": 900}


def python_pages() -> set[str]:
    """The first page of each kind of widget: these run with Python (every kind's Python side once);
    the rest load without it, which tests everything else on them at a fraction of the cost."""
    seen, chosen = set(), set()
    for path in PAGES:
        html = (SITE / path.strip("/") / "index.html").read_text()
        kinds = {a or b for a, b in WIDGET.findall(html)}
        if kinds - seen:
            chosen.add(path)
            seen |= kinds
    return chosen


WITH_PYTHON = python_pages()


@pytest.fixture(scope="module")
def tab(tab: Page, plain_server: str) -> Page:
    """The module's tab (conftest), noting console errors and requests to other hosts in `tab.problems`."""
    page = tab
    page.set_viewport_size(DESKTOP)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH_VIOLATIONS)
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"error: {e}"))
    host = urlparse(plain_server).netloc
    page.on(
        "request",
        lambda r: (
            urlparse(r.url).netloc not in ("", host)
            and not r.url.startswith(("data:", "blob:"))
            and page.problems.append(f"request to another host: {r.url}")
        ),
    )
    return page


@pytest.mark.parametrize("path", PAGES)
def test_page_works(tab: Page, plain_server: str, path: str) -> None:
    tab.unroute("**/worker.js")
    if path not in WITH_PYTHON:
        tab.route("**/worker.js", silent_worker)
    tab.problems.clear()
    tab.goto(plain_server + path)
    # Every widget mounted (not "networkidle": half a second of quiet a page, times 24 pages).
    expect(tab.locator("html")).to_have_attribute("data-widgets", "mounted")
    if path in WITH_PYTHON and tab.locator(".bp-widget[data-kind=run], .bp-widget[data-kind=lab]").count():
        wait_for_python(tab)
    if tab.locator("figure.bp-graph[data-kind='graph']").count():
        check_every_layout(tab, f"{path} at {DESKTOP['width']} px")
        check_every_diagram(tab)  # last: it plays each diagram's backward film to its end
    wordless = wordless_pictures(tab, started=False)  # a trainer has no numbers until it trains
    assert wordless == [], f"pictures without words on {path}: {wordless}"
    # axe-core's WCAG 2.2 AA rules on the whole page (its diagrams' films at their end) in every view, the
    # page resized and recoloured in place; and what does not fit at each width. The states a learner
    # reaches are test_accessibility_states.py's.
    found: dict[str, list[str]] = {}
    audit_views(tab, "body", path, found)
    assert not broken_views(found), f"axe-core and reflow on {path}:\n" + broken_views(found)
    assert tab.problems == [], f"on {path}, in any view: {tab.problems}"
    assert violations(tab) == [], f"CSP violations on {path}, in any view"


def test_site_was_built() -> None:
    assert PAGES, f"no pages found in {SITE}"
    assert {"/", "/engine/source/", "/train/live/"} <= WITH_PYTHON, WITH_PYTHON
    assert Path(SITE / "assets" / "pyodide" / "pyodide.asm.wasm").exists()
