"""Loading Python: the page paints at once, the status shows download progress and then how long
loading took, <html data-python> follows every state, and a failed load says why and can be retried."""

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.e2e.learner import (
    BOOT_TIMEOUT,
    PLAYGROUND,
    cell,
    close_page,
    new_context,
    press,
    run_cell,
    start_cell,
    stop_cell,
    until,
    wait_for_python,
)
from tests.repo import ROOT

SITE_SOURCE = ROOT / "site" / "frontend"

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

# Records every change of the status line and of <html data-python>, as the learner would see them.
RECORDER = """
window.__seen = { states: [], status: [] };
new MutationObserver(() => {
  const state = document.documentElement.dataset.python;
  const states = window.__seen.states;
  if (state && states[states.length - 1] !== state) states.push(state);
  const bar = document.querySelector('.bp-status');
  const text = bar ? bar.innerText.replace(/\\s+/g, ' ') : '';
  if (text && window.__seen.status[window.__seen.status.length - 1] !== text) window.__seen.status.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def fresh_page(browser: Browser, server: str) -> Page:
    context = new_context(browser)
    context.add_init_script(RECORDER)
    return context.new_page()


def test_first_visit_shows_progress_and_restores_the_shipped_python(
    browser: Browser, isolated_server: str
) -> None:
    """A fresh profile: the download shows progress, and Python starts from the build's snapshot."""
    page = fresh_page(browser, isolated_server)
    # The wasm is held until the status shows progress: on a busy machine the page can mount its status
    # line after a fast local download is over (the worker starts before the widgets do).
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(isolated_server + PLAYGROUND)
    status = page.locator(".bp-status")
    expect(status).to_contain_text(
        re.compile(r"Downloading Python\s*\d+\.\d of 1\d\.\d MB"), timeout=BOOT_TIMEOUT
    )
    until(page, lambda: held, timeout=60)  # the route's callback runs while Playwright waits
    held[0].continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_for_python(page)
    expect(status).to_contain_text(re.compile(r"Python is ready \(loaded in \d+\.\d s\)"))
    run_cell(cell(page, 4), "print('hi')")
    seen = page.evaluate("window.__seen")
    assert seen["states"][:4] == ["loading", "ready", "busy", "ready"], seen["states"]
    progress = [s for s in seen["status"] if re.search(r"Downloading Python \d+\.\d of 1\d\.\d MB", s)]
    assert progress, f"no download progress was shown: {seen['status']}"
    stages = page.evaluate("performance.getEntriesByName('bp-python-ready')[0].detail.stages")
    assert stages.get("fromSnapshot") is True
    assert stages.get("snapshotFrom") == "download"  # the page's first worker downloads and unzips it
    # The restored Python is a full one: the engine, output, tracebacks, and Stop by interrupt.
    widget = cell(page, 4)
    out = run_cell(widget, "from engine import Value\nkept = Value(2.0) * 21\nprint(kept.data)")
    expect(out).to_have_text("42.0")
    # The snapshot holds random's state from the build: the worker draws a new one, or every visit repeats.
    draw = "import random\nprint(random.random())"
    first = run_cell(widget, draw).inner_text()
    page.reload()
    wait_for_python(page)
    stages = page.evaluate("performance.getEntriesByName('bp-python-ready')[0].detail.stages")
    assert stages.get("snapshotFrom") == "cache"  # the copy the first visit unzipped, read back
    widget = cell(page, 4)
    assert run_cell(widget, draw).inner_text() != first
    run_cell(widget, "from engine import Value\nkept = Value(2.0) * 21")
    expect(run_cell(widget, "1 / 0")).to_contain_text("ZeroDivisionError")
    start_cell(widget, "while True:\n    pass")
    expect(page.locator("html")).to_have_attribute("data-python", "busy")
    stop_cell(widget)
    expect(widget.locator(".bp-output")).to_contain_text("Your definitions from earlier runs are still there")
    expect(run_cell(widget, "print(kept.data + 1)")).to_have_text("43.0")
    page.context.close()


def test_page_paints_without_waiting_for_python(browser: Browser, plain_server: str) -> None:
    page = fresh_page(browser, plain_server)
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python cannot finish loading
    page.goto(plain_server + PLAYGROUND)
    expect(page.get_by_role("heading", name="Scratchpad", level=1)).to_be_visible()
    expect(cell(page, 1).get_by_role("textbox")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-python", "loading")
    painted = page.evaluate("performance.getEntriesByName('first-contentful-paint').length")
    assert painted == 1
    expect(page.locator("html")).to_have_attribute("data-python", "loading")
    page.context.close()


def test_failed_load_says_why_and_retry_works(shared_context: BrowserContext, plain_server: str) -> None:
    page = shared_context.new_page()  # a first visit is not the point: any load can fail
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(plain_server + PLAYGROUND)
    expect(page.locator("html")).to_have_attribute("data-python", "error", timeout=BOOT_TIMEOUT)
    status = page.locator(".bp-status")
    expect(status).to_contain_text("Python failed to load")
    expect(status).to_contain_text("pyodide.asm.wasm (HTTP 404)")
    # Run tries loading again; while the file is still missing it says so instead of waiting forever.
    widget = cell(page, 4)
    press(widget.get_by_role("button", name="Run"))
    expect(widget.locator(".bp-output")).to_contain_text("Python is not available", timeout=BOOT_TIMEOUT)
    expect(widget.locator(".bp-output")).to_contain_text("pyodide.asm.wasm (HTTP 404)")
    page.unroute("**/pyodide.asm.wasm")
    press(status.get_by_role("button", name="Retry"))
    wait_for_python(page)
    expect(status.get_by_role("button", name="Retry")).to_be_hidden()
    expect(run_cell(widget, "print(2 + 2)")).to_have_text("4")
    close_page(page)


# A worker that has every file and then never finishes starting (a hung start): it says "start" once.
HUNG_WORKER = """
self.onmessage = ({ data }) => {
  const detail = `Starting the hung Python ${performance.timeOrigin}`; // each worker's own time origin
  data.port.postMessage({ v: VERSION, type: "status", state: "loading", stage: "start", detail });
};
"""


def test_a_start_that_hangs_is_tried_once_more_then_says_so(browser: Browser, plain_server: str) -> None:
    protocol = (SITE_SOURCE / "worker" / "protocol.js").read_text()
    version = re.search(r"export const VERSION = (\d+);", protocol)[1]
    page = new_context(browser, service_workers="block").new_page()  # so the route sees worker.js
    page.clock.install()
    workers = []
    page.on("worker", lambda worker: worker.url.endswith("/backprop/worker.js") and workers.append(worker))
    hung = HUNG_WORKER.replace("VERSION", version)
    page.route(
        "**/assets/backprop/worker.js", lambda route: route.fulfill(body=hung, content_type="text/javascript")
    )

    def news_of(worker) -> str:  # the status line once this worker's files are in: START_MS applies
        return f"Starting the hung Python {worker.evaluate('String(performance.timeOrigin)')}"

    page.goto(plain_server + PLAYGROUND)
    status = page.locator(".bp-status")
    assert until(page, lambda: len(workers) == 1)
    expect(status).to_contain_text(news_of(workers[0]))
    page.clock.fast_forward("01:31")  # 91 s with no "ready" after every file arrived
    assert until(page, lambda: len(workers) == 2), "the hung start was not tried again"
    expect(page.locator("html")).to_have_attribute("data-python", "loading")
    expect(status).to_contain_text(news_of(workers[1]))
    page.clock.fast_forward("01:31")
    expect(page.locator("html")).to_have_attribute("data-python", "error")
    expect(status).to_contain_text("Python did not finish starting in 90 s")
    expect(status.get_by_role("button", name="Retry")).to_be_visible()
    page.context.close()
