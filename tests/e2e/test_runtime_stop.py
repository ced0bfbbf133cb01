"""Stop ends runaway code within a second: by KeyboardInterrupt where the page is cross-origin
isolated (the namespace survives), else by restarting Python (and the learner is told)."""

import time

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.runtime_support import BOOT_TIMEOUT, cell, open_cells_page, output, run, set_code

RUNAWAYS = {
    "busy loop": "while True:\n    pass",
    "sleeping loop": "import time\nwhile True:\n    time.sleep(10)",
    "printing loop": "import time\nwhile True:\n    print('tick')\n    time.sleep(0.05)",
}


def start_then_stop(page: Page, widget: Locator, code: str) -> float:
    """Run code that never ends, press Stop once it is running; seconds until the cell is idle."""
    set_code(widget, code)
    widget.get_by_role("button", name="Run").click()
    expect(page.locator("html")).to_have_attribute("data-python", "busy", timeout=BOOT_TIMEOUT)
    if "print" in code:
        expect(output(widget)).to_contain_text("tick")
    stop = widget.get_by_role("button", name="Stop")
    expect(stop).to_be_enabled()
    started = time.monotonic()
    stop.click()
    widget_id = widget.get_attribute("id")
    page.wait_for_selector(f"#{widget_id}[data-running='false']", timeout=5000)
    return time.monotonic() - started


@pytest.fixture(scope="module")
def isolated_page(browser: Browser, isolated_server: str) -> Page:
    page = open_cells_page(browser, isolated_server)
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def plain_page(browser: Browser, plain_server: str) -> Page:
    """No headers and no service worker (blocked): the page cannot be isolated."""
    page = open_cells_page(browser, plain_server)
    yield page
    page.context.close()


def test_isolated_page_can_interrupt(isolated_page: Page) -> None:
    assert isolated_page.evaluate("crossOriginIsolated") is True


@pytest.mark.parametrize("kind", RUNAWAYS)
def test_stop_interrupts_and_keeps_definitions(isolated_page: Page, kind: str) -> None:
    first, second = cell(isolated_page, 1), cell(isolated_page, 4)
    run(first, "kept = 41")
    seconds = start_then_stop(isolated_page, second, RUNAWAYS[kind])
    assert seconds < 1.0, f"Stop took {seconds:.2f} s"
    expect(output(second)).to_contain_text("Stopped. Your definitions from earlier runs are still there.")
    expect(isolated_page.locator("html")).to_have_attribute("data-python", "ready")
    expect(run(second, "print(kept + 1)")).to_have_text("42")


def test_stop_on_a_long_c_step_restarts_clean(isolated_page: Page) -> None:
    """sum() never checks for Stop, so Python is restarted; the new worker must not inherit the signal."""
    widget = cell(isolated_page, 4)
    start_then_stop(isolated_page, widget, "sum(range(10**11))")
    expect(output(widget)).to_contain_text("Python was restarted")
    expect(isolated_page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    expect(run(widget, "print(6 * 7)")).to_have_text("42")


def test_plain_page_is_not_isolated(plain_page: Page) -> None:
    assert plain_page.evaluate("crossOriginIsolated") is False
    stop_title = cell(plain_page, 1).get_by_role("button", name="Stop").get_attribute("title")
    assert "restarting Python" in stop_title


def test_stop_restarts_python_and_says_so(plain_page: Page) -> None:
    first, second = cell(plain_page, 1), cell(plain_page, 4)
    run(first, "kept = 41")
    seconds = start_then_stop(plain_page, second, RUNAWAYS["busy loop"])
    assert seconds < 1.0, f"Stop took {seconds:.2f} s"
    expect(output(second)).to_contain_text("Python was restarted")
    expect(output(second)).to_contain_text("run those cells again")
    # The fresh Python runs the next cell; the old definitions are gone, and the error says why.
    expect(run(second, "print(kept + 1)")).to_contain_text("NameError")
    expect(output(second)).to_contain_text("run it again")
    run(first)
    expect(run(second, "print(kept + 1)")).to_have_text("42")


def test_stop_before_python_is_ready_cancels(plain_page: Page) -> None:
    held = []
    plain_page.route("**/python_stdlib.zip", lambda route: held.append(route))  # restarted Python waits
    widget = cell(plain_page, 4)
    start_then_stop(plain_page, widget, RUNAWAYS["busy loop"])
    expect(plain_page.locator("html")).to_have_attribute("data-python", "loading")
    set_code(widget, "print('after loading')")
    widget.get_by_role("button", name="Run").click()
    expect(output(widget)).to_contain_text("Python is loading; your code will run as soon as it is ready.")
    widget.get_by_role("button", name="Stop").click()
    expect(widget).to_have_attribute("data-running", "false")
    expect(output(widget)).to_contain_text("Stopped before it started")
    plain_page.unroute("**/python_stdlib.zip")  # lets the held download go on
    expect(plain_page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    expect(run(widget)).to_have_text("after loading")
