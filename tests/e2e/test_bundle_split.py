"""Each page fetches only the front-end code it uses: KaTeX with maths, the editor with code cells,
the diagrams with diagrams, the trainer on the training page (esbuild splits the bundle)."""

from playwright.sync_api import Browser, expect

FEATURES = ("math-", "graph-", "cells-", "labs-", "training-", "engine-source-")


def scripts_fetched(browser: Browser, url: str, ready: str) -> set[str]:
    """The feature files a page fetched once `ready` (a selector) shows it has mounted."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/assets/backprop/worker.js", lambda route: route.abort())  # HTML and widgets only
    fetched = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(url)
    expect(page.locator(ready).first).to_be_attached()
    context.close()
    return {feature for feature in FEATURES for name in fetched if name.startswith(feature)}


def test_a_page_of_code_without_maths_or_diagrams_loads_neither(browser: Browser, plain_server: str) -> None:
    assert scripts_fetched(browser, plain_server + "/playground/", ".bp-run .cm-content") == {"cells-"}


def test_a_page_of_maths_and_diagrams_without_code_loads_no_editor(browser: Browser, plain_server: str):
    fetched = scripts_fetched(browser, plain_server + "/engine/what-next/", ".bp-math")
    assert "math-" in fetched and "graph-" in fetched
    assert not fetched & {"cells-", "labs-", "training-", "engine-source-"}


def test_the_training_page_loads_the_trainer(browser: Browser, plain_server: str) -> None:
    fetched = scripts_fetched(browser, plain_server + "/train/live/", ".bp-moons-trainer button")
    assert {"math-", "training-"} <= fetched
