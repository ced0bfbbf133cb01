"""Stop ends runaway code: by KeyboardInterrupt where the page is cross-origin
isolated (the namespace survives), else by restarting Python (and the learner is told)."""

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.learner import (
    BOOT_TIMEOUT,
    PLAYGROUND,
    cell,
    close_page,
    open_page,
    output,
    run_cell,
    start_cell,
    stop_cell,
)

RUNAWAYS = {
    "busy loop": "while True:\n    pass",
    "sleeping loop": "import time\nwhile True:\n    time.sleep(10)",
    "printing loop": "import time\nwhile True:\n    print('tick')\n    time.sleep(0.05)",
}


def start_then_stop(page: Page, widget: Locator, code: str) -> None:
    """Run code that never ends, press Stop once it is running, wait until the cell is idle."""
    start_cell(widget, code)
    expect(page.locator("html")).to_have_attribute("data-python", "busy", timeout=BOOT_TIMEOUT)
    if "print" in code:
        expect(output(widget)).to_contain_text("tick")
    expect(widget.get_by_role("button", name="Stop")).to_be_enabled()
    stop_cell(widget)


@pytest.fixture(scope="module")
def isolated_page(shared_context: BrowserContext, isolated_server: str) -> Page:
    page = open_page(shared_context, isolated_server + PLAYGROUND)
    yield page
    close_page(page)


@pytest.fixture(scope="module")
def plain_page(shared_context: BrowserContext, plain_server: str) -> Page:
    """No headers and no service worker (blocked): the page cannot be isolated."""
    page = open_page(shared_context, plain_server + PLAYGROUND)
    yield page
    close_page(page)


def test_isolated_page_can_interrupt(isolated_page: Page) -> None:
    assert isolated_page.evaluate("crossOriginIsolated") is True


@pytest.mark.parametrize("kind", RUNAWAYS)
def test_stop_interrupts_and_keeps_definitions(isolated_page: Page, kind: str) -> None:
    first, second = cell(isolated_page, 1), cell(isolated_page, 4)
    run_cell(first, "kept = 41")
    start_then_stop(isolated_page, second, RUNAWAYS[kind])
    expect(output(second)).to_contain_text("Stopped. Your definitions from earlier runs are still there.")
    expect(isolated_page.locator("html")).to_have_attribute("data-python", "ready")
    expect(run_cell(second, "print(kept + 1)")).to_have_text("42")


def test_stop_interrupts_code_that_swallows_one_interrupt(isolated_page: Page) -> None:
    """As a KeyboardInterrupt raised in a __del__ is only printed, the first one can be lost: Stop signals
    again rather than restarting Python."""
    first, widget = cell(isolated_page, 1), cell(isolated_page, 4)
    run_cell(first, "kept = 41")
    swallow_once = (
        "caught = 0\nwhile True:\n    try:\n        while True:\n            pass\n"
        "    except KeyboardInterrupt:\n        caught += 1\n        if caught > 1:\n            raise\n"
    )
    start_then_stop(isolated_page, widget, swallow_once)
    expect(output(widget)).to_contain_text("Your definitions from earlier runs are still there")
    expect(run_cell(widget, "print(kept + caught)")).to_have_text("43")


def test_events_python_cannot_draw_are_reported_not_thrown(isolated_page: Page) -> None:
    errors: list[str] = []
    isolated_page.on("pageerror", lambda e: errors.append(str(e)))
    code = 'from backprop_bridge import emit\nemit("plot", "{}")\nemit("graph", "null")\nprint("after")'
    out = run_cell(cell(isolated_page, 4), code)
    expect(out).to_contain_text("Could not show this plot")
    expect(out).to_contain_text("after")
    assert errors == []


def test_stop_on_a_long_c_step_restarts_clean(isolated_page: Page) -> None:
    """sum() never checks for Stop, so Python is restarted; the new worker must not inherit the signal."""
    widget = cell(isolated_page, 4)
    start_then_stop(isolated_page, widget, "sum(range(10**11))")
    expect(output(widget)).to_contain_text("Python was restarted")
    expect(isolated_page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    expect(run_cell(widget, "print(6 * 7)")).to_have_text("42")


def test_plain_page_is_not_isolated(plain_page: Page) -> None:
    assert plain_page.evaluate("crossOriginIsolated") is False
    stop_title = cell(plain_page, 1).get_by_role("button", name="Stop").get_attribute("title")
    assert "restarting Python" in stop_title


def test_stop_restarts_python_and_says_so(plain_page: Page) -> None:
    first, second = cell(plain_page, 1), cell(plain_page, 4)
    run_cell(first, "kept = 41")
    start_then_stop(plain_page, second, RUNAWAYS["busy loop"])
    expect(output(second)).to_contain_text("Python was restarted")
    expect(output(second)).to_contain_text("run those cells again")
    # The fresh Python runs the next cell; the old definitions are gone, and the error says why.
    expect(run_cell(second, "print(kept + 1)")).to_contain_text("NameError")
    expect(output(second)).to_contain_text("run it again")
    run_cell(first)
    expect(run_cell(second, "print(kept + 1)")).to_have_text("42")


def test_stop_before_python_is_ready_cancels(plain_page: Page) -> None:
    held = []
    plain_page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # restarted Python waits
    widget = cell(plain_page, 4)
    start_then_stop(plain_page, widget, RUNAWAYS["busy loop"])
    expect(plain_page.locator("html")).to_have_attribute("data-python", "loading")
    start_cell(widget, "print('after loading')")
    expect(output(widget)).to_contain_text("Python is loading; your code will run as soon as it is ready.")
    stop_cell(widget)
    expect(output(widget)).to_contain_text("Stopped before it started")
    plain_page.unroute("**/pyodide.asm.wasm")  # lets the held download go on
    expect(plain_page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    expect(run_cell(widget)).to_have_text("after loading")
