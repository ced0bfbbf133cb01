"""Each page fetches only the front-end code it uses: KaTeX with maths, the editor with code cells,
the diagrams with diagrams, the trainer on the training page (esbuild splits the bundle)."""

import pytest
from playwright.sync_api import Page, expect

FEATURES = ("math-", "graph-", "cells-", "labs-", "training-", "engine-source-")


@pytest.fixture(scope="module")
def tab(tab: Page) -> Page:
    """The module's tab (conftest), with HTML and widgets only (no Python)."""
    tab.route("**/assets/backprop/worker.js", lambda route: route.abort())
    return tab


def scripts_fetched(page: Page, url: str, ready: str) -> set[str]:
    """The feature files a page fetched once `ready` (a selector) shows it has mounted (a request served
    from the browser's cache is still a request the page made)."""
    fetched = []

    def listen(request) -> None:
        fetched.append(request.url.rsplit("/", 1)[-1])

    page.on("request", listen)
    page.goto(url)
    expect(page.locator(ready).first).to_be_attached()
    page.remove_listener("request", listen)
    return {feature for feature in FEATURES for name in fetched if name.startswith(feature)}


def test_a_page_of_code_without_maths_or_diagrams_loads_neither(tab: Page, plain_server: str) -> None:
    assert scripts_fetched(tab, plain_server + "/playground/", ".bp-run .cm-content") == {"cells-"}


def test_a_page_of_maths_and_diagrams_without_code_loads_no_editor(tab: Page, plain_server: str):
    fetched = scripts_fetched(tab, plain_server + "/engine/what-next/", ".bp-math")
    assert "math-" in fetched and "graph-" in fetched
    assert not fetched & {"cells-", "labs-", "training-", "engine-source-"}


def test_the_training_page_loads_the_trainer(tab: Page, plain_server: str) -> None:
    fetched = scripts_fetched(tab, plain_server + "/train/live/", ".bp-moons-trainer button")
    assert {"math-", "training-"} <= fetched
