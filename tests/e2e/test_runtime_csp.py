"""The Content-Security-Policy allows only the site's own origin (plus WebAssembly), and Pyodide works
under it (test_pages checks that no page violates it)."""

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.learner import (
    PLAYGROUND,
    WATCH_VIOLATIONS,
    cell,
    close_page,
    run_cell,
    violations,
    wait_for_python,
)


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext) -> Page:
    page = shared_context.new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    page.messages = []
    page.on("console", lambda m: page.messages.append(m.text))
    yield page
    close_page(page)


def all_violations(page: Page) -> list[str]:
    reported = violations(page)
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


def test_pyodide_runs_under_the_policy(page: Page, isolated_server: str) -> None:
    page.messages.clear()
    page.goto(isolated_server + PLAYGROUND)
    wait_for_python(page)
    code = "import json, re\nfrom engine import Value\nprint(json.dumps({'grad': Value(3.0).data}))"
    out = run_cell(cell(page, 4), code)
    expect(out).to_have_text('{"grad": 3.0}')
    assert all_violations(page) == []
