"""Every diagram of the site opens showing its output node whole, in text no smaller than 11 px, on a
phone (test_pages checks the same at a desktop width); what does not fit scrolls, with a visible cue.
HTML only: no Python."""

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.graph_helpers import CONTEXT, READABLE_PX, check_every_layout, survey
from tests.e2e.learner import hold_python
from tests.e2e.test_graphs import GRAPH_PAGES

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

PHONE = {**CONTEXT, "viewport": {"width": 390, "height": 900}}


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Page:
    """One phone-sized tab that goes from page to page (a new tab per page costs a new renderer)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    hold_python(page)
    yield page
    context.close()


@pytest.mark.parametrize("path", GRAPH_PAGES)
def test_every_diagram_opens_on_its_output_on_a_phone(phone: Page, plain_server: str, path: str) -> None:
    phone.goto(plain_server + path)
    check_every_layout(phone, f"{path} at 390 px")


def test_fit_never_shrinks_a_long_chain_below_readable(phone: Page, plain_server: str) -> None:
    phone.goto(plain_server + "/designs/deep-graphs/")
    figure = phone.locator("figure.bp-graph").first
    for name in ("Zoom in", "Fit to width", "Zoom out", "Zoom out"):
        figure.get_by_role("button", name=name).click()
        smallest = survey(figure)["smallest"]
        assert smallest >= READABLE_PX - 0.05, f"after {name}: text drawn at {smallest:.1f} px"
    figure.get_by_role("button", name="Fit to width").click()
    assert survey(figure)["inside"]
