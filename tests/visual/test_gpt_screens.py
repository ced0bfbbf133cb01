"""Screenshots of the GPT module's pictures (attention; next-letter bars, the loss letter by letter and
the gradient check), light and dark, wide and phone-wide."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from tests.visual.screenshots import STILL, check_screenshot

PICTURES = ("sampling", "letter-loss", "gradient-check")  # each a figure.bp-<name>


@pytest.fixture(scope="module", params=["light", "dark"])
def still_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A window in each scheme, motion reduced, no service worker, Python held back (the pictures are
    drawn from the build's numbers); both tests of a scheme share it."""
    context = browser.new_context(
        viewport={"width": 1000, "height": 1000},
        device_scale_factor=1,
        color_scheme=request.param,
        reduced_motion="reduce",
        service_workers="block",
    )
    page = context.new_page()
    page.route("**/worker.js", lambda route: None)
    page.scheme = request.param
    yield page
    context.close()


def shot(figure: Locator) -> bytes:
    """The figure alone, still, with no pointer over it."""
    figure.scroll_into_view_if_needed()
    figure.page.mouse.move(0, 0)
    return figure.screenshot(animations="disabled", caret="hide", style=STILL)


def test_attention_picture(still_page: Page, gallery_url: str, update_screenshots: bool) -> None:
    """Head 1 on "emma" at 1000 px, then head 3 at 390 px (the picture must fit a phone)."""
    page, scheme = still_page, still_page.scheme
    page.set_viewport_size({"width": 1000, "height": 1000})
    page.goto(gallery_url + "/attention/")
    figure = page.locator("figure.bp-attention[data-state='ready']")
    check_screenshot(f"attention-{scheme}", shot(figure), update_screenshots)
    page.set_viewport_size({"width": 390, "height": 900})
    figure.get_by_role("button", name="Head 3").click()
    page.locator("figure.bp-attention[data-head='3']").wait_for()
    box = figure.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, "the picture is wider than a phone"
    check_screenshot(f"attention-390-{scheme}", shot(figure), update_screenshots)


def test_gpt_pictures(still_page: Page, gallery_url: str, update_screenshots: bool) -> None:
    """The sampling bars ("shanel", step 1), the loss of "emma" and the gradient check of "al", as the
    build drew them, at 1000 px and at 390 px (each fits a phone)."""
    page, scheme = still_page, still_page.scheme
    page.goto(gallery_url + "/gpt-pictures/")
    shots = {}
    for width in (1000, 390):
        page.set_viewport_size({"width": width, "height": 900})
        for name in PICTURES:
            figure = page.locator(f"figure.bp-{name}[data-state='ready']")
            box = figure.bounding_box()
            inside = box and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert inside, f"{name} is wider than {width} px"
            shots[f"{name}{'-390' if width == 390 else ''}-{scheme}"] = shot(figure)
    for name, png in shots.items():
        check_screenshot(name, png, update_screenshots)
