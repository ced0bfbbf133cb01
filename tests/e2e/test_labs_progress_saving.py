"""A lab's pass that the browser would not store is reported as such (not a silent "You passed" that is
gone after a reload), a stored pass with a date that is not one shows no "Invalid Date", and a renamed
lab keeps what was saved under its old id."""

from playwright.sync_api import BrowserContext, expect

from lab_checks import grading
from tests.e2e.learner import check_lab, close_page, lab_region, wait_for_python

SLOPE_PAGE = "/slopes/nudge-it/"
DESIGNS_PAGE = "/designs/two-designs/"
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
BAD_DATE = """
localStorage.setItem(
  "backprop-lab:progress", JSON.stringify({labs: {slope: {passed: true, at: "yesterday-ish"}}}));
"""
OLD_ID = """
localStorage.setItem(
  "backprop-lab:progress", JSON.stringify({labs: {"closure-mul": {passed: true, at: "2026-11-30"}}}));
localStorage.setItem("backprop-lab:code:/designs/two-designs/#closure-mul", "# saved under closure-mul");
"""


def test_a_pass_the_browser_would_not_store_is_reported(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = shared_context.new_page()
    page.add_init_script(STORAGE_FULL)
    page.goto(plain_server + SLOPE_PAGE)
    wait_for_python(page)
    region = lab_region(page, "slope")
    assert check_lab(region, grading.load("slope").SOLUTION) == "pass"
    badge = region.locator(".bp-lab__passed")
    expect(badge).to_contain_text("You passed this lab")
    expect(badge).to_contain_text("gone after a reload")
    expect(badge).to_have_attribute("data-saved", "false")
    close_page(page)


def test_a_stored_pass_with_a_bad_date_shows_no_invalid_date(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = shared_context.new_page()
    page.goto(plain_server + "/404.html")  # same origin, no Python
    page.evaluate(BAD_DATE)
    page.route("**/assets/backprop/worker.js", lambda route: route.abort())  # the badge needs no Python
    page.goto(plain_server + SLOPE_PAGE)
    badge = lab_region(page, "slope").locator(".bp-lab__passed")
    expect(badge).to_have_text("✓ You passed this lab.")
    expect(badge).to_have_attribute("data-saved", "true")
    close_page(page)


def test_a_renamed_lab_keeps_the_pass_and_code_saved_under_its_old_id(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = shared_context.new_page()
    page.goto(plain_server + "/404.html")  # same origin, no Python
    page.evaluate(OLD_ID)
    page.route("**/assets/backprop/worker.js", lambda route: route.abort())  # no Python needed
    page.goto(plain_server + DESIGNS_PAGE)
    region = lab_region(page, "closure-ops")
    expect(region.locator(".bp-lab__passed")).to_contain_text("You passed this lab on")
    expect(region.locator(".cm-content")).to_have_text("# saved under closure-mul")
    stored = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('backprop-lab:')).sort()")
    assert stored == ["backprop-lab:code:/designs/two-designs/#closure-ops", "backprop-lab:progress"]
    assert "closure-ops" in page.evaluate("JSON.parse(localStorage.getItem('backprop-lab:progress')).labs")
    close_page(page)
