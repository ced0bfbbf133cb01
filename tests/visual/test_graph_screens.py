"""Screenshots of representative diagrams, light and dark, at rest, mid-film and tracing paths."""

import pytest
from playwright.sync_api import Browser, Locator, Page

from tests.visual.screenshots import STILL, check_screenshot

SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module", params=SCHEMES)
def gallery_page(request: pytest.FixtureRequest, browser: Browser, gallery_url: str):
    """One page per colour scheme; fixed viewport, no motion, no service worker, no Python."""
    context = browser.new_context(
        viewport={"width": 1000, "height": 1000},
        device_scale_factor=1,
        color_scheme=request.param,
        reduced_motion="reduce",
        service_workers="block",
    )
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    yield request.param, page
    context.close()


def shoot(page: Page, element: Locator, name: str, update: bool) -> None:
    page.mouse.move(0, 0)
    element.scroll_into_view_if_needed()
    png = element.screenshot(animations="disabled", caret="hide", style=STILL)
    check_screenshot(name, png, update)


def diagram(page: Page, url: str, n: int = 0) -> Locator:
    if page.url != url:
        page.goto(url)
    figure = page.locator("figure.bp-graph").nth(n)
    figure.locator("svg.bp-graph__svg").wait_for()
    return figure


def test_seed_at_rest(gallery_page, gallery_url: str, update_screenshots: bool) -> None:
    scheme, page = gallery_page
    page.goto(gallery_url + "/")
    figure = diagram(page, gallery_url + "/")
    shoot(page, figure, f"seed-rest-{scheme}", update_screenshots)


def test_seed_mid_backward_film(gallery_page, gallery_url: str, update_screenshots: bool) -> None:
    scheme, page = gallery_page
    page.goto(gallery_url + "/")
    figure = diagram(page, gallery_url + "/")
    figure.get_by_role("button", name="Backward pass").click()
    for _ in range(3):
        figure.get_by_role("button", name="Step forward").click()
    shoot(page, figure, f"seed-backward-3-{scheme}", update_screenshots)


def test_neuron_mid_forward_film(gallery_page, gallery_url: str, update_screenshots: bool) -> None:
    scheme, page = gallery_page
    page.goto(gallery_url + "/")
    figure = diagram(page, gallery_url + "/", 1)
    figure.get_by_role("button", name="Forward pass").click()
    for _ in range(7):
        figure.get_by_role("button", name="Step forward").click()
    shoot(page, figure.locator(".bp-graph__stage"), f"neuron-forward-7-{scheme}", update_screenshots)


def test_neuron_paths_pinned(gallery_page, gallery_url: str, update_screenshots: bool) -> None:
    scheme, page = gallery_page
    page.goto(gallery_url + "/")
    figure = diagram(page, gallery_url + "/", 1)
    figure.locator('.bp-node[data-node="0"]').click()
    shoot(page, figure, f"neuron-paths-{scheme}", update_screenshots)


def test_mlp_at_rest(gallery_page, gallery_url: str, update_screenshots: bool) -> None:
    scheme, page = gallery_page
    page.goto(gallery_url + "/mlp/")
    figure = diagram(page, gallery_url + "/mlp/")
    shoot(page, figure.locator(".bp-graph__stage"), f"mlp-rest-{scheme}", update_screenshots)
