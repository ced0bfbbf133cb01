"""Issue 28 §1 on the built site: a wrong backward() that no known mistake explains gets, as its likely
cause, the first node of its graph whose gradient is wrong, named in words and marked in a picture of
the learner's graph (in the drawing and in its table), the words being the marked node's description."""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import (
    check_lab,
    close_page,
    lab_region,
    labs_in_site,
    verdict_of,
    wait_for_python,
    words,
)
from tests.lab_checks.test_fresh_mistakes import FRESH

LAB = "backward"
# every Value passes on its local gradient times the output's gradient, not its own
CODE = next(code for lab, what, code, _ in FRESH if lab == LAB and "output's gradient" in what)
NAMED = "the first Value with a wrong gradient is c (= a * b)"


def test_the_first_wrong_node_is_named_and_marked(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    page = shared_context.new_page()
    page.goto(isolated_server + labs_in_site()[LAB])
    wait_for_python(page)
    region = lab_region(page, LAB)

    assert check_lab(region, CODE) == "fail"
    failed = verdict_of(region).locator(".bp-check[data-passed=false]")
    item = failed.filter(has_text="wrong gradient is").first
    hint = item.locator(".bp-check__hint")
    assert NAMED in words(hint.inner_text())

    picture = item.locator("figure.bp-verdict__picture")
    expect(picture).to_have_attribute("data-drawn", "true")
    marked = picture.locator("svg .bp-node.is-marked")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-marked", "grad")
    assert marked.get_attribute("aria-label").startswith("c: ")
    assert "from *" in marked.get_attribute("aria-label")
    # the words are the marked node's description, for a screen reader on it
    expect(marked).to_have_attribute("aria-describedby", hint.get_attribute("id"))
    row = picture.locator(".bp-graph__table tr.is-marked")
    expect(row).to_have_count(1)
    expect(row.locator("th")).to_have_text("c")
    expect(picture.locator("figcaption")).to_contain_text("the first wrong gradient, c, is outlined in red")
    assert not picture.locator(".bp-nudge").count(), "your numbers are not the engine's: no nudges here"
    close_page(page)
