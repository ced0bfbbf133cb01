"""The names page's trainer after Sample names (the checkpoint's curve, its first ten names), light and dark.

On the built course site, not the gallery: the trainer needs Python, and the first press always
samples the same names, so the picture is the same on every run."""

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.learner import BOOT_TIMEOUT
from tests.visual.screenshots import check_screenshot
from tests.visual.test_graph_screens import SCHEMES, STILL


@pytest.mark.parametrize("scheme", SCHEMES)
def test_names_trainer_after_sampling(
    browser: Browser, isolated_server: str, scheme: str, update_screenshots: bool
) -> None:
    context = browser.new_context(
        viewport={"width": 1000, "height": 1000},
        device_scale_factor=1,
        color_scheme=scheme,
        reduced_motion="reduce",
    )
    page = context.new_page()
    page.goto(isolated_server + "/gpt/train-names/")
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=BOOT_TIMEOUT)
    trainer = page.get_by_role("region", name="Names GPT")
    expect(trainer).to_have_attribute("data-trained", "1000", timeout=60_000)
    trainer.get_by_role("button", name="Sample names").click()
    expect(trainer).to_have_attribute("data-state", "sampled", timeout=60_000)
    page.evaluate("() => document.activeElement.blur()")
    page.mouse.move(0, 0)
    trainer.scroll_into_view_if_needed()
    png = trainer.screenshot(animations="disabled", caret="hide", style=STILL)
    context.close()
    check_screenshot(f"gpt-names-sampled-{scheme}", png, update_screenshots)
