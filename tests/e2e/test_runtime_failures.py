"""Code that runs out of memory, recurses too deep, prints a megabyte or crashes Pyodide leaves the
page working: a clear message, and the next Run works. The page stays responsive while Python runs."""

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.runtime_support import BOOT_TIMEOUT, cell, open_cells_page, output, run, set_code


@pytest.fixture(scope="module")
def page(browser: Browser, isolated_server: str) -> Page:
    page = open_cells_page(browser, isolated_server)
    yield page
    page.context.close()


def next_run_works(page: Page) -> None:
    expect(run(cell(page, 3), "print(6 * 7)")).to_have_text("42")
    expect(page.locator("html")).to_have_attribute("data-python", "ready")


def test_memory_error_is_explained(page: Page) -> None:
    out = run(cell(page, 4), "table = [0] * 10**9")
    expect(out).to_contain_text("MemoryError")
    expect(out).to_contain_text("Python ran out of memory")
    next_run_works(page)


def test_recursion_error_is_short_and_explained(page: Page) -> None:
    out = run(cell(page, 4), "def down(n):\n    return down(n - 1)\n\ndown(10)")
    expect(out).to_contain_text("RecursionError")
    expect(out).to_contain_text("Previous line repeated")
    expect(out).to_contain_text("Is there a base case")
    assert out.inner_text().count("\n") < 30
    next_run_works(page)


@pytest.mark.parametrize(
    "code",
    ['print("x" * 3_000_000)', 'for i in range(300):\n    print("y" * 10_000)'],
    ids=["one huge line", "many long lines"],
)
def test_a_megabyte_of_output_is_cut_off(page: Page, code: str) -> None:
    started = time.monotonic()
    out = run(cell(page, 4), code)
    expect(out).to_contain_text("Output stops here")
    assert len(out.inner_text()) < 1_100_000
    assert time.monotonic() - started < 10
    next_run_works(page)


def test_crash_from_deep_recursion_restarts_python(page: Page) -> None:
    run(cell(page, 1), "before_crash = 1")
    code = "import sys\nsys.setrecursionlimit(10_000)\n"
    code += "def deeper(n):\n    return deeper(n + 1)\n\ndeeper(0)"
    out = run(cell(page, 4), code)
    expect(out).to_contain_text("Python crashed")
    expect(out).to_contain_text("ran out of stack space")
    expect(out).to_contain_text("run those cells again")
    assert "Stack (most recent call first)" not in out.inner_text()  # Pyodide's own dump is not shown
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    next_run_works(page)
    expect(run(cell(page, 3), "print(before_crash)")).to_contain_text("NameError")


def test_page_stays_responsive_while_python_loops(page: Page) -> None:
    looping, other = cell(page, 4), cell(page, 2)
    set_code(looping, "while True:\n    pass")
    looping.get_by_role("button", name="Run").click()
    expect(page.locator("html")).to_have_attribute("data-python", "busy")
    editor = other.locator(".cm-content")
    editor.click()
    editor.press("Control+End")
    started = time.monotonic()
    editor.type("\n# typed while Python runs")
    expect(editor).to_contain_text("# typed while Python runs", timeout=2000)
    assert time.monotonic() - started < 2
    started = time.monotonic()
    looping.get_by_role("button", name="Stop").click()
    page.wait_for_selector(f"#{looping.get_attribute('id')}[data-running='false']", timeout=2000)
    assert time.monotonic() - started < 1
    expect(output(looping)).to_contain_text("Stopped")
