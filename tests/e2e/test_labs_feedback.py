"""Feedback reaches a learner on a phone: a half-fixed lab whose demo lines raise still gets its verdict
and likely cause (the error beside it, its traceback in the Output), in a table that reads at 390 px."""

import re

from playwright.sync_api import BrowserContext, Locator, Page, expect

from lab_checks import grading
from tests.e2e.learner import (
    check_lab,
    close_page,
    lab_region,
    labs_in_site,
    starting_code,
    until,
    verdict_of,
    wait_for_python,
    words,
)

LAB = "accumulate"


def lab_on_a_phone(context: BrowserContext, server: str, lab: str) -> tuple[Page, Locator]:
    """A tab 390 px wide on the lab's page, Python ready; the page and the lab's region."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + labs_in_site()[lab])
    wait_for_python(page)
    return page, lab_region(page, lab)


def test_demo_lines_that_raise_do_not_hide_the_verdict_on_a_phone(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    page, region = lab_on_a_phone(shared_context, isolated_server, LAB)
    half_fixed = starting_code(region).replace("grad[name] = local", "grad[name] += local")

    assert check_lab(region, half_fixed) == "fail"
    verdict = verdict_of(region)
    expect(verdict.locator(".bp-check__hint").first).to_contain_text("Likely cause")
    assert "also raised KeyError" in words(verdict.inner_text())
    expect(region.get_by_role("log", name="Output")).to_contain_text("KeyError")

    # the expression column reads as one line, not one character per line
    what = verdict.locator(".bp-check__table th[scope=row] code").first
    assert what.evaluate("e => e.getClientRects().length") == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    close_page(page)


def test_a_table_wider_than_a_phone_scrolls_by_itself_and_from_the_keyboard(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    lab = "softmax-cross-entropy"
    page, region = lab_on_a_phone(shared_context, isolated_server, lab)
    assert check_lab(region, grading.load(lab).MISTAKES[0].code) == "fail"

    table = verdict_of(region).get_by_role("region", name=re.compile("^Cases tried by"))
    width = "e => [e.scrollWidth, e.clientWidth, e.scrollLeft]"
    wide, box, left = table.first.evaluate(width)
    assert wide > box and left == 0, "this lab's table of lists of numbers is wider than a phone"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the page does not scroll
    table.first.focus()
    page.keyboard.press("ArrowRight")
    expect(table.first).to_be_focused()
    # The keyboard's scroll can land a frame or two after the key: wait on the state, not once.
    assert until(page, lambda: table.first.evaluate(width)[2] > 0), "the arrow key scrolls the focused table"
    close_page(page)
