"""Every built page loads in Chromium with no console error and asks nothing of any other host."""

from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext

from tests.conftest import SITE
from tests.e2e.learner import close_page, wait_for_python

PAGES = sorted(
    "/" + str(p.relative_to(SITE).parent).replace(".", "").strip("/") + "/"
    for p in SITE.rglob("index.html")
    if "assets" not in p.parts
)


@pytest.mark.parametrize("path", [p.replace("//", "/") for p in PAGES])
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
    page.goto(plain_server + path)
    page.wait_for_load_state("networkidle")
    if page.locator(".bp-widget[data-kind=run], .bp-widget[data-kind=lab]").count():
        wait_for_python(page)
    close_page(page)
    assert errors == [], f"console errors on {path}: {errors}"
    assert foreign == [], f"requests to other hosts from {path}: {foreign}"


def test_site_was_built() -> None:
    assert PAGES, f"no pages found in {SITE}"
    assert Path(SITE / "assets" / "pyodide" / "pyodide.asm.wasm").exists()
