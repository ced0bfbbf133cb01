"""The Content-Security-Policy allows only the site's own origin (plus WebAssembly), no page
violates it, and Pyodide works under it."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.learner import BOOT_TIMEOUT, PLAYGROUND, cell, new_context, run_cell, wait_for_python
from tests.e2e.test_pages import PAGES

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}`));
"""


@pytest.fixture(scope="module")
def page(browser: Browser) -> Page:
    context = new_context(browser)
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    page.messages = []
    page.on("console", lambda m: page.messages.append(m.text))
    yield page
    context.close()


def violations(page: Page) -> list[str]:
    reported = page.evaluate("window.__violations")
    logged = [m for m in page.messages if re.search(r"Content.Security.Policy|Refused to", m, re.I)]
    return reported + logged


def test_policy_is_strict(page: Page, isolated_server: str) -> None:
    page.goto(isolated_server + "/")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["connect-src"] == "'self'"
    assert directives["worker-src"] == "'self'"


@pytest.mark.parametrize("path", sorted({p.replace("//", "/") for p in PAGES}))
def test_no_page_violates_the_policy(page: Page, isolated_server: str, path: str) -> None:
    # Pyodide's own files are held back: its boot is tested once below, and here it would only cost time.
    page.route("**/assets/pyodide/**", lambda route: route.abort())
    page.messages.clear()
    page.goto(isolated_server + path)
    if page.locator(".bp-widget[data-kind=run], .bp-widget[data-kind=lab]").count():
        # The worker started and tried its first download: everything the page itself loads is in.
        expect(page.locator("html")).to_have_attribute("data-python", "error", timeout=BOOT_TIMEOUT)
    page.unroute("**/assets/pyodide/**")
    assert violations(page) == [], f"CSP violations on {path}"


def test_pyodide_runs_under_the_policy(page: Page, isolated_server: str) -> None:
    page.messages.clear()
    page.goto(isolated_server + PLAYGROUND)
    wait_for_python(page)
    code = "import json, re\nfrom engine import Value\nprint(json.dumps({'grad': Value(3.0).data}))"
    out = run_cell(cell(page, 4), code)
    expect(out).to_have_text('{"grad": 3.0}')
    assert violations(page) == []
