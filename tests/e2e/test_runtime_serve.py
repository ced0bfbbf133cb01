"""`make serve` (mkdocs serve) sends the COOP/COEP headers itself, so its pages are cross-origin
isolated, and it builds a service worker that only removes itself (no stale copies while editing)."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from backprop_site.security import ISOLATION_HEADERS
from playwright.sync_api import Browser, expect

from tests.e2e.learner import PLAYGROUND, cell, new_context
from tests.repo import ROOT

CONFIG = os.environ.get("BP_MKDOCS_CONFIG", str(ROOT / "mkdocs.yml"))
HEADERS = {name.lower(): value for name, value in ISOLATION_HEADERS.items()}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def serve() -> str:
    # Live reload stays on, as in `make serve`: MkDocs calls the plugin's on_serve (the headers) only then.
    port = free_port()
    mkdocs = Path(sys.executable).with_name("mkdocs")
    process = subprocess.Popen(
        [str(mkdocs), "serve", "-f", CONFIG, "--dev-addr", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240  # it builds the site first (and proves every lab), maybe under load
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"mkdocs serve exited:\n{process.stderr.read()[-3000:]}")
        try:
            urllib.request.urlopen(url + "/", timeout=2)
            break
        except OSError:
            time.sleep(0.5)
    else:
        process.kill()
        pytest.fail("mkdocs serve did not answer within 240 s")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.mark.parametrize("path", ["/", "/assets/backprop/worker.js", "/assets/pyodide/pyodide.asm.wasm"])
def test_serve_sends_isolation_headers(serve: str, path: str) -> None:
    with urllib.request.urlopen(serve + path) as response:
        headers = {k.lower(): v for k, v in response.headers.items()}
    for name, value in HEADERS.items():
        assert headers.get(name) == value, f"{path}: {name}"


def test_serve_builds_a_retiring_service_worker(serve: str) -> None:
    with urllib.request.urlopen(serve + "/sw.js") as response:
        assert '"off": true' in response.read().decode()


def test_served_page_is_isolated_without_a_service_worker(browser: Browser, serve: str) -> None:
    context = new_context(browser, service_workers="allow")  # what the page registers is the question
    page = context.new_page()
    page.goto(serve + PLAYGROUND)
    expect(page.locator('meta[name="backprop-offline"]')).to_have_attribute("content", "off")
    assert page.evaluate("crossOriginIsolated") is True
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)") is True
    stop = cell(page, 1).get_by_role("button", name="Stop")
    assert "your definitions stay" in stop.get_attribute("title")
    context.close()
