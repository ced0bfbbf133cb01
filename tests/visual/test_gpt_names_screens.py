"""The names page's trainer after Sample names (the checkpoint's curve, its first ten names), light and dark.

On the built course site, not the gallery: the trainer needs Python, and the first press always
samples the same names, so the picture is the same on every run. One page serves both schemes (the
colour scheme is switched with the header's toggle, as a reader would), so Python starts once."""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import close_page, open_page
from tests.visual.screenshots import STILL, check_screenshot
from tests.visual.test_graph_screens import SCHEMES


def test_names_trainer_after_sampling(
    shared_context: BrowserContext, isolated_server: str, update_screenshots: bool
) -> None:
    page = open_page(shared_context, isolated_server + "/gpt/train-names/")
    page.set_viewport_size({"width": 1000, "height": 1000})
    trainer = page.get_by_role("region", name="Names GPT")
    expect(trainer).to_have_attribute("data-trained", "1000", timeout=60_000)
    trainer.get_by_role("button", name="Sample names").click()
    expect(trainer).to_have_attribute("data-state", "sampled", timeout=60_000)
    page.evaluate("() => document.activeElement.blur()")
    shots = {}
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    for scheme in SCHEMES:
        if scheme == "dark":
            page.locator("label[title='Switch to dark mode']").click()
        palette = "slate" if scheme == "dark" else "default"
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", palette)
        page.mouse.move(0, 0)
        trainer.scroll_into_view_if_needed()
        shots[scheme] = trainer.screenshot(animations="disabled", caret="hide", style=STILL)
    close_page(page)
    for scheme, png in shots.items():
        check_screenshot(f"gpt-names-sampled-{scheme}", png, update_screenshots)
