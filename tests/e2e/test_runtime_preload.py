"""Pages that run Python start it from <head>: preload hints for the worker's files and a boot script, and
nothing the hints fetched is downloaded a second time by the worker."""

import json
import re

import pytest
from backprop_site import preload
from playwright.sync_api import Browser

from tests.conftest import serve_site
from tests.e2e.learner import PLAYGROUND, new_context, wait_for_python
from tests.site_server import SITE, CountingSiteHandler

HINT = re.compile(r'<link rel="preload" as="(\w+)" crossorigin href="([^"]+)">')


def head(path: str) -> str:
    html = (SITE / path / "index.html").read_text()
    return html[: html.index("</head>")]


def test_a_page_with_code_preloads_what_the_worker_fetches() -> None:
    hints = dict((href, kind) for kind, href in HINT.findall(head("train/live")))
    python = json.loads((SITE / "assets" / "backprop" / "build.json").read_text())["python"]
    assert hints == {
        "../../assets/backprop/worker.js": "script",
        "../../assets/pyodide/pyodide.mjs": "script",
        "../../assets/pyodide/pyodide.asm.mjs": "script",
        "../../assets/pyodide/python_stdlib.zip": "fetch",
        "../../assets/pyodide/pyodide-lock.json": "fetch",
        f"../../assets/backprop/python.zip?v={python}": "fetch",  # the URL the worker asks for
    }
    assert '<script type="module" async src="../../assets/backprop/boot.js"></script>' in head("train/live")
    for href in hints:
        assert (SITE / "train" / "live" / href.split("?")[0]).resolve().is_file(), href


def test_a_page_without_code_preloads_nothing() -> None:
    assert not preload.runs_python((SITE / "engine" / "what-next" / "index.html").read_text())
    assert "preload" not in head("engine/what-next") and "boot.js" not in head("engine/what-next")


class CountingHandler(CountingSiteHandler):
    sent: list[str] = []  # this module's own list


@pytest.fixture(scope="module")
def counting_server() -> str:
    return serve_site(CountingHandler)


def test_a_cold_visit_downloads_each_file_once(browser: Browser, counting_server: str) -> None:
    context = new_context(browser)
    page = context.new_page()
    page.goto(counting_server + PLAYGROUND)
    wait_for_python(page)
    context.close()
    sent = [p for p in CountingHandler.sent if not p.endswith("/")]
    expected = {"/assets/pyodide/pyodide.asm.wasm", "/assets/backprop/python.zip", "/assets/backprop/boot.js"}
    assert expected <= set(sent)
    assert sorted(sent) == sorted(set(sent)), [p for p in set(sent) if sent.count(p) > 1]
