"""Our service worker, on a plain static host under a sub-path: the first visit reloads once into
cross-origin isolation (so Stop interrupts), the site and Pyodide are saved, and with the network
gone a visited lesson reloads and runs Python."""

import functools
import http.server
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.learner import (
    BOOT_TIMEOUT,
    PLAYGROUND,
    WATCH_VIOLATIONS,
    cell,
    new_context,
    output,
    run_cell,
    start_cell,
    stop_cell,
    violations,
    wait_for_python,
)
from tests.site_server import SITE, CountingSiteHandler, SiteServer

SUB_PATH = "/course"


class SubPathHandler(CountingSiteHandler):
    """The built site under /course/, as on a project page of a static host; no special headers.
    Notes the path of every file it sends in full (a 304 sends none)."""

    sent: list[str] = []

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUB_PATH + "/"):
            return str(SITE / "no-such-file")
        return super().translate_path(path[len(SUB_PATH) :])


@pytest.fixture(scope="module")
def server():
    handler = functools.partial(SubPathHandler, directory=str(SITE))
    httpd = SiteServer.started(handler)
    yield httpd
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def site(server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"


@pytest.fixture(scope="module")
def page(browser: Browser, site: str) -> Page:
    context = new_context(browser, service_workers="allow")
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    page.navigations = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and page.navigations.append(frame.url))
    yield page
    context.close()


def test_service_worker_is_built_with_a_versioned_list() -> None:
    source = (SITE / "sw.js").read_text()
    manifest = json.loads(re.search(r"const MANIFEST = (\{.*?\n\});", source, re.S)[1])
    build = json.loads((SITE / "assets" / "backprop" / "build.json").read_text())
    names = [c["name"] for c in manifest["caches"]]
    assert f"bp-pyodide-{build['pyodide']}" in names
    assert f"bp-site-{manifest['version']}" in names
    files = {f: h for c in manifest["caches"] for f, h in c["files"].items()}
    assert "assets/pyodide/pyodide.asm.wasm" in files and "assets/backprop/python-snapshot.gz" in files
    assert "" in files and "playground/" in files  # pages by their directory URLs
    assert not any(f.endswith(".map") for f in files)
    for f in files:
        assert (SITE / f).exists() or (SITE / f / "index.html").exists(), f


def test_first_visit_reloads_once_into_isolation(page: Page, site: str) -> None:
    page.goto(site + PLAYGROUND)
    wait_for_python(page)
    assert page.evaluate("crossOriginIsolated") is True
    # The visit, and one reload once the worker was in control (maybe before the first had finished loading).
    assert len(page.navigations) == 2, page.navigations
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site + "/"


def test_the_reload_downloads_python_only_once(page: Page) -> None:
    # Runs after the first visit above: what the page preloaded before the reload is not sent again.
    python = [p for p in SubPathHandler.sent if "/assets/pyodide/" in p or p.endswith("/python.zip")]
    assert {p.rsplit("/", 1)[-1] for p in python} >= {"pyodide.asm.wasm", "python_stdlib.zip", "python.zip"}
    assert sorted(python) == sorted(set(python)), python


def test_stop_interrupts_on_a_plain_host(page: Page) -> None:
    first, looping = cell(page, 1), cell(page, 4)
    run_cell(first, "kept = 41")
    start_cell(looping, "while True:\n    pass")
    expect(page.locator("html")).to_have_attribute("data-python", "busy")
    stop_cell(looping)
    expect(output(looping)).to_contain_text("Your definitions from earlier runs are still there")
    expect(run_cell(looping, "print(kept + 1)")).to_have_text("42")


class CountingHandler(http.server.BaseHTTPRequestHandler):
    """Another origin that counts every request that reaches it."""

    hits: list = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"reached")

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def other_origin():
    httpd = SiteServer.started(CountingHandler)
    yield f"http://127.0.0.1:{httpd.server_address[1]}", CountingHandler.hits
    httpd.shutdown()
    httpd.server_close()


def test_python_cannot_reach_another_origin(page: Page, other_origin) -> None:
    """Our service worker gives worker.js its own CSP (connect-src 'self'): learner code's XHR,
    pyodide.http.open_url, fetch and WebSocket reach no other host."""
    url, hits = other_origin
    code = (
        "import js\nfrom pyodide.http import open_url\n"
        f"js.fetch('{url}/fetch')\n"
        f"try:\n    js.WebSocket.new('{url.replace('http', 'ws')}/socket')\n"
        "except Exception as e:\n    pass\n"
        f"try:\n    open_url('{url}/open_url')\n    print('reached')\nexcept Exception as e:\n"
        "    print('blocked', type(e).__name__)\n"
        f"xhr = js.XMLHttpRequest.new()\nxhr.open('GET', '{url}/xhr', False)\n"
        "try:\n    xhr.send()\n    print('reached')\n"
        "except Exception as e:\n    print('blocked', type(e).__name__)\n"
    )
    expect(run_cell(cell(page, 4), code)).to_contain_text("blocked")
    expect(output(cell(page, 4))).not_to_contain_text("reached")
    # A fetch or socket that was let through would arrive during this pause.
    run_cell(cell(page, 4), "import time\ntime.sleep(0.5)")
    assert hits == []


def test_site_and_python_are_saved(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=BOOT_TIMEOUT)
    expect(page.locator(".bp-status")).to_contain_text("Works offline")


def test_visited_lesson_reloads_and_runs_offline(page: Page, server) -> None:
    page.context.set_offline(True)
    server.shutdown()  # not even the service worker's own requests can reach it now
    server.server_close()
    page.reload()
    wait_for_python(page)
    assert page.evaluate("crossOriginIsolated") is True
    out = run_cell(cell(page, 4), "from engine import Value\nprint((Value(2.0) * 21).data)")
    expect(out).to_have_text("42.0")


def test_other_pages_open_offline_too(page: Page, site: str) -> None:
    page.goto(site + "/")
    expect(page.locator("article h1")).to_be_visible()
    assert violations(page) == []


def test_no_policy_violation_through_the_service_worker(page: Page) -> None:
    assert violations(page) == []


def test_sw_file_is_only_at_the_root() -> None:
    assert Path(SITE / "sw.js").exists()
    assert not list(SITE.glob("*/sw.js"))
