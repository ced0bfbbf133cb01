"""Driving the site as a learner does, for every browser test: open a page, wait for Python, run a
cell, check a lab. Buttons are pressed from the keyboard (focus + Enter), which no layout shift can
make miss: an editor that shrinks just after scrolling into view moves the buttons below it."""

import json
import re
import time
from collections.abc import Callable

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.conftest import QUIET, SITE

PLAYGROUND = "/playground/"  # the Scratchpad: four run cells
BOOT_TIMEOUT = 60_000  # Pyodide's first boot, on a busy 2-core machine
RUN_TIMEOUT = 60_000  # a cell's code, or a lab's check (the page stops a check after 10 s itself)
LAB_ID = re.compile(r'<section class="bp-widget bp-lab"[^>]*\bid="lab-([a-z0-9-]+)"')


# Pages and Python ------------------------------------------------------------------------------------


def new_context(browser: Browser, **args) -> BrowserContext:
    """A fresh browser profile, as quiet as the shared one (conftest.QUIET) unless asked otherwise."""
    return browser.new_context(**{**QUIET, **args})


def open_page(context: BrowserContext, url: str, *, python: bool = True) -> Page:
    """A new tab on url; with python, once Python is ready."""
    page = context.new_page()
    page.goto(url)
    if python:
        wait_for_python(page)
    return page


def close_page(page: Page) -> None:
    """Close a tab of a shared context, forgetting what it stored (saved code, lab progress)."""
    if not page.is_closed():
        # Nothing stored after this either: the editor saves its code again as the page is hidden.
        page.evaluate("() => { localStorage.clear(); Storage.prototype.setItem = () => {}; }")
        page.close()


def open_cells_page(browser: Browser, server: str, *, path: str = PLAYGROUND, **context_args) -> Page:
    """A page with cells in a fresh context of its own, Python ready; close with page.context.close()."""
    return open_page(new_context(browser, **context_args), server + path)


def wait_for_python(page: Page, timeout: int = BOOT_TIMEOUT) -> None:
    """Wait until the page's Python is ready; on a timeout, say what its status bar showed."""
    try:
        expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=timeout)
    except AssertionError as error:
        bars = page.locator(".bp-status").all_inner_texts()
        raise AssertionError(f"Python not ready; status bar: {bars}") from error


def until(page: Page, script: str | Callable[[], object], timeout: float = 30) -> object:
    """Evaluate script (or call it, for state this side sees: requests, routes) until it returns something
    truthy, or the timeout in seconds passes; its last value. For state no attribute shows (the site's
    CSP blocks page.wait_for_function); Playwright's events keep arriving while it waits."""
    deadline = time.monotonic() + timeout
    while True:
        value = script() if callable(script) else page.evaluate(script)
        if value or time.monotonic() > deadline:
            return value
        page.wait_for_timeout(100)


# Reports every Content-Security-Policy violation of the page into window.__violations.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}`));
"""


def after_two_frames(page: Page) -> None:
    """Return once the page has drawn two frames: what its observers (ResizeObserver, IntersectionObserver)
    do about a change has happened by then, as a reader would see it."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def violations(page: Page) -> list[str]:
    """The CSP violations the page reported (its context or page ran WATCH_VIOLATIONS)."""
    return page.evaluate("window.__violations")


WORKER_SCRIPT = "**/worker.js"


def hold_python(page: Page) -> None:
    """Python never arrives (its worker script is held back): for tests of what pages show without it."""
    page.route(WORKER_SCRIPT, lambda route: None)


def let_python_in(page: Page) -> None:
    """Undo hold_python: pages opened from now on start their Python."""
    page.unroute(WORKER_SCRIPT)


def press(button: Locator) -> None:
    """Activate a button from the keyboard: focus, then Enter (no hit target to miss)."""
    button.press("Enter")


# Run cells -------------------------------------------------------------------------------------------


def cell(page: Page, which: int | str) -> Locator:
    """The n-th run cell (1-based), or the first whose text contains `which`."""
    cells = page.locator(".bp-run")
    return cells.nth(which - 1) if isinstance(which, int) else cells.filter(has_text=which).first


def set_code(widget: Locator, code: str) -> None:
    """Replace the editor's text, as a paste would."""
    widget.locator(".cm-content").fill(code)
    expect(widget.locator(".cm-content")).to_have_text(code.replace("\n", ""), use_inner_text=False)


def output(widget: Locator) -> Locator:
    return widget.get_by_role("log", name="Output")


def start_cell(widget: Locator, code: str | None = None) -> None:
    """Press Run (with new code if given) without waiting for the end."""
    if code is not None:
        set_code(widget, code)
    press(widget.get_by_role("button", name="Run"))


def run_cell(widget: Locator, code: str | None = None, timeout: float = RUN_TIMEOUT) -> Locator:
    """Run the cell (with new code if given) and wait until it has finished; returns its output area."""
    start_cell(widget, code)
    expect(widget).to_have_attribute("data-running", "false", timeout=timeout)
    return widget.locator(".bp-output")


def stop_cell(widget: Locator, timeout: float = 10_000) -> None:
    """Press Stop and wait until the cell is idle again."""
    press(widget.get_by_role("button", name="Stop"))
    expect(widget).to_have_attribute("data-running", "false", timeout=timeout)


# Labs ------------------------------------------------------------------------------------------------


def labs_in_site() -> dict[str, str]:
    """Every lab of the built site: id -> the path of its page."""
    found = {}
    for html in sorted(SITE.rglob("index.html")):
        if "assets" in html.parts:
            continue
        path = ("/" + html.parent.relative_to(SITE).as_posix() + "/").replace("/./", "/").replace("//", "/")
        for lab in LAB_ID.findall(html.read_text()):
            found[lab] = path
    return found


def lab_region(page: Page, lab: str) -> Locator:
    return page.locator(f"#lab-{lab}")


def starting_code(region: Locator) -> str:
    return json.loads(region.locator(":scope > script.bp-data").text_content())["code"]


def put_code(region: Locator, code: str) -> None:
    """Replace the lab editor's text, as a paste would."""
    region.get_by_role("textbox").fill(code)


def verdict_of(region: Locator) -> Locator:
    return region.locator(".bp-verdict[role=status]")


def check_lab(region: Locator, code: str | None = None, timeout: float = RUN_TIMEOUT) -> str:
    """Press Check (after putting code in the editor, if given); the verdict's kind once it arrives."""
    if code is not None:
        put_code(region, code)
    press(region.get_by_role("button", name="Check"))
    # Pressing Check removes the last verdict at once, so this waits for the new one.
    verdict = verdict_of(region)
    expect(verdict).to_have_attribute("data-verdict", re.compile("pass|fail|error"), timeout=timeout)
    return verdict.get_attribute("data-verdict")


def words(text: str) -> str:
    """Text as the page shows it: code marks gone, spaces collapsed."""
    return " ".join(text.replace("`", "").split())
