"""Every built page passes axe-core's WCAG 2.2 AA rules (tests/e2e/accessibility.py) at 1280 px light,
1280 px dark and 390 px, every widget drawn and Python not started, and none scrolls sideways at 390 px.
Each page is loaded once and audited in the three views in place (audit_views)."""

import pytest
from playwright.sync_api import Browser

from tests.e2e.accessibility import MOUNTED, audit_views, no_violations, silent_worker, site_pages, with_axe
from tests.e2e.learner import new_context

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)


@pytest.mark.slow
def test_every_page_meets_wcag_aa_in_every_view(browser: Browser, plain_server: str) -> None:
    context = new_context(browser)
    context.route("**/worker.js", silent_worker)
    with_axe(context)
    page = context.new_page()
    pages = site_pages()
    assert len(pages) > 20, pages  # the whole course, not a build that lost its lessons
    found = {}
    for path in pages:
        page.goto(plain_server + path)
        page.locator(MOUNTED).wait_for(state="attached")
        audit_views(page, "body", path, found)
    context.close()
    assert not no_violations(found), no_violations(found)
