"""Code that runs out of memory, recurses too deep, prints a megabyte or crashes Pyodide leaves the
page working: a clear message, and the next Run works. The page stays responsive while Python runs."""

import pytest
from playwright.sync_api import BrowserContext, Page, expect

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


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str) -> Page:
    page = open_page(shared_context, isolated_server + PLAYGROUND)
    yield page
    close_page(page)


def next_run_works(page: Page) -> None:
    expect(run_cell(cell(page, 3), "print(6 * 7)")).to_have_text("42")
    expect(page.locator("html")).to_have_attribute("data-python", "ready")


def test_memory_error_is_explained(page: Page) -> None:
    out = run_cell(cell(page, 4), "table = [0] * 10**9")
    expect(out).to_contain_text("MemoryError")
    expect(out).to_contain_text("Python ran out of memory")
    next_run_works(page)


def test_recursion_error_is_short_and_explained(page: Page) -> None:
    out = run_cell(cell(page, 4), "def down(n):\n    return down(n - 1)\n\ndown(10)")
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
    out = run_cell(cell(page, 4), code, timeout=20_000)
    expect(out).to_contain_text("Output stops here")
    assert len(out.inner_text()) < 1_100_000
    next_run_works(page)


def test_crash_from_deep_recursion_restarts_python(page: Page) -> None:
    run_cell(cell(page, 1), "before_crash = 1")
    code = "import sys\nsys.setrecursionlimit(10_000)\n"
    code += "def deeper(n):\n    return deeper(n + 1)\n\ndeeper(0)"
    out = run_cell(cell(page, 4), code)
    expect(out).to_contain_text("Python crashed")
    expect(out).to_contain_text("ran out of stack space")
    expect(out).to_contain_text("run those cells again")
    assert "Stack (most recent call first)" not in out.inner_text()  # Pyodide's own dump is not shown
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    next_run_works(page)
    expect(run_cell(cell(page, 3), "print(before_crash)")).to_contain_text("NameError")


def test_crash_from_freeing_a_long_chain_blames_the_chain_not_recursion(page: Page) -> None:
    code = (
        "class Node:\n    def __init__(self, prev):\n        self.prev = (prev,) if prev else ()\n\n"
        "head = None\nfor i in range(20_000):\n    head = Node(head)\nhead = None  # frees the chain\n"
    )
    out = run_cell(cell(page, 4), code)
    expect(out).to_contain_text("Python crashed")
    expect(out).to_contain_text("freeing a long chain of objects")
    expect(out).not_to_contain_text("called itself")
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    next_run_works(page)


def test_page_stays_responsive_while_python_loops(page: Page) -> None:
    looping, other = cell(page, 4), cell(page, 2)
    start_cell(looping, "while True:\n    pass")
    expect(page.locator("html")).to_have_attribute("data-python", "busy")
    # The main thread is free: typing in another editor and Stop are handled while Python loops.
    editor = other.locator(".cm-content")
    editor.focus()
    editor.press("Control+End")
    editor.type("\n# typed while Python runs")
    expect(editor).to_contain_text("# typed while Python runs")
    expect(looping).to_have_attribute("data-running", "true")
    stop_cell(looping)
    expect(output(looping)).to_contain_text("Stopped")
