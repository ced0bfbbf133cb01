"""Every built page loads in Chromium with no console error and asks nothing of any other host."""

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext

from tests.conftest import SITE
from tests.e2e.learner import close_page, wait_for_python

PAGES = sorted(
    ("/" + str(p.relative_to(SITE).parent).replace(".", "").strip("/") + "/").replace("//", "/")
    for p in SITE.rglob("index.html")
    if "assets" not in p.parts
)
WIDGET = re.compile(r'data-kind="([a-z-]+)"|class="(bp-trainer|bp-gpt-trainer|bp-engine-source)"')


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


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_cleanly(shared_context: BrowserContext, plain_server: str, path: str) -> None:
    page = shared_context.new_page()
    errors, foreign = [], []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "request",
        lambda r: (
            urlparse(r.url).netloc not in ("", urlparse(plain_server).netloc)
            and not r.url.startswith(("data:", "blob:"))
            and foreign.append(r.url)
        ),
    )
    if path not in WITH_PYTHON:  # a worker that never answers: the page waits for Python as it would
        page.route("**/worker.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    page.goto(plain_server + path)
    page.wait_for_load_state("networkidle")
    if path in WITH_PYTHON and page.locator(".bp-widget[data-kind=run], .bp-widget[data-kind=lab]").count():
        wait_for_python(page)
    close_page(page)
    assert errors == [], f"console errors on {path}: {errors}"
    assert foreign == [], f"requests to other hosts from {path}: {foreign}"


def test_site_was_built() -> None:
    assert PAGES, f"no pages found in {SITE}"
    assert {"/", "/engine/source/", "/train/live/"} <= WITH_PYTHON, WITH_PYTHON
    assert Path(SITE / "assets" / "pyodide" / "pyodide.asm.wasm").exists()
