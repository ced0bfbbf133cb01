"""Site search: a page opens without building the search index (Material's worker and its Lunr index
start on the first query, frontend/search/search-worker.js), and a query still finds the lessons."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.learner import hold_python

MATERIAL_WORKER = re.compile(r"/assets/javascripts/workers/search\.\w+\.min\.js$")


@pytest.fixture(scope="module")
def tab(tab: Page) -> Page:
    """The module's tab (conftest), without Python; it notes every URL it requests, workers' too."""
    hold_python(tab)
    tab.requested = []
    tab.on("request", lambda request: tab.requested.append(request.url.split("?")[0]))
    return tab


def retype(search: Locator, query: str) -> None:
    """Select the query and type another over it (Material reads the box on each key)."""
    search.press("Control+a")
    search.press_sequentially(query)


def material_worker_loads(tab: Page) -> int:
    return sum(bool(MATERIAL_WORKER.search(url)) for url in tab.requested)


@pytest.mark.parametrize("server", ["plain_server", "isolated_server"])
def test_the_index_is_built_on_the_first_query_and_finds_the_lesson(
    tab: Page, server: str, request: pytest.FixtureRequest
) -> None:
    tab.requested.clear()
    tab.goto(request.getfixturevalue(server) + "/micrograd/backward/")
    search = tab.get_by_role("textbox", name="Search")
    # The page is ready to search (Material has sent its empty first query) with no index built.
    expect(tab.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    assert any(url.endswith("/assets/backprop/search-worker.js") for url in tab.requested)
    assert material_worker_loads(tab) == 0

    tab.keyboard.press("/")
    search.press_sequentially("chain rule")
    results = tab.locator(".md-search-result__item")
    expect(tab.locator(".md-search-result__meta")).to_have_text(re.compile(r"\d+ matching documents"))
    expect(results.first).to_contain_text("2.2 The chain rule")
    assert material_worker_loads(tab) == 1

    # Later queries go to the same index; a query with no match says so.
    retype(search, "zyxwvut")
    expect(tab.locator(".md-search-result__meta")).to_have_text("No matching documents")
    retype(search, "softmax")
    expect(results.first).to_contain_text("softmax", ignore_case=True)
    assert material_worker_loads(tab) == 1
