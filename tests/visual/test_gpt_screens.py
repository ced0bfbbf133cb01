"""Screenshots of the GPT module's attention picture, light and dark, wide and phone-wide."""

import pytest
from playwright.sync_api import Browser

from tests.visual.screenshots import STILL, check_screenshot


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_attention_picture(browser: Browser, gallery_url: str, update_screenshots: bool, scheme: str) -> None:
    """Head 1 on "emma" at 1000 px, then head 3 at 390 px (the picture must fit a phone)."""
    context = browser.new_context(
        viewport={"width": 1000, "height": 1000},
        device_scale_factor=1,
        color_scheme=scheme,
        reduced_motion="reduce",
        service_workers="block",
    )
    try:
        page = context.new_page()
        page.route("**/worker.js", lambda route: None)  # drawn from the build's numbers, no Python
        page.goto(gallery_url + "/attention/")
        figure = page.locator("figure.bp-attention[data-state='ready']")
        figure.scroll_into_view_if_needed()
        page.mouse.move(0, 0)
        check_screenshot(
            f"attention-{scheme}",
            figure.screenshot(animations="disabled", caret="hide", style=STILL),
            update_screenshots,
        )
        page.set_viewport_size({"width": 390, "height": 900})
        figure.get_by_role("button", name="Head 3").click()
        page.locator("figure.bp-attention[data-head='3']").wait_for()
        page.mouse.move(0, 0)
        box = figure.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, "the picture is wider than a phone"
        check_screenshot(
            f"attention-390-{scheme}",
            figure.screenshot(animations="disabled", caret="hide", style=STILL),
            update_screenshots,
        )
    finally:
        context.close()
