"""Helpers for the runtime's browser tests: a page with code cells, typing code, reading output."""

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

PLAYGROUND = "/playground/"  # the Scratchpad: four run cells
BOOT_TIMEOUT = 60_000  # Pyodide's first boot, on a busy 2-core machine


def open_cells_page(browser: Browser, server: str, *, path: str = PLAYGROUND, **context_args) -> Page:
    """A fresh context (no service worker unless asked) on a page with cells, Python ready."""
    context: BrowserContext = browser.new_context(**{"service_workers": "block", **context_args})
    page = context.new_page()
    page.goto(server + path)
    wait_for_python(page)
    return page


def wait_for_python(page: Page, timeout: int = BOOT_TIMEOUT) -> None:
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=timeout)


def cell(page: Page, n: int) -> Locator:
    """The n-th run cell (1-based)."""
    return page.locator(".bp-run").nth(n - 1)


def set_code(widget: Locator, code: str) -> None:
    widget.locator(".cm-content").fill(code)
    expect(widget.locator(".cm-content")).to_have_text(code.replace("\n", ""), use_inner_text=False)


def output(widget: Locator) -> Locator:
    return widget.get_by_role("log", name="Output")


def run(widget: Locator, code: str | None = None) -> Locator:
    """Run the cell (with new code if given) and wait until it has finished; returns its Output."""
    if code is not None:
        set_code(widget, code)
    widget.get_by_role("button", name="Run").click()
    expect(widget).to_have_attribute("data-running", "false", timeout=BOOT_TIMEOUT)
    return widget.locator(".bp-output")
