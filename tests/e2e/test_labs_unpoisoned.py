"""Verdicts cannot be poisoned: what learner code did before a Check (in Run, even timers it left
behind) does not reach the Check, which runs in a Python of its own; a fake result posted from Python
is not believed; and each Check starts from scratch again."""

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lab_checks import grading
from tests.e2e.learner import check_lab, close_page, lab_region, open_page, run_cell, verdict_of, words

SLOPE = grading.load("slope")
WRONG_SLOPE = "def slope(f, x, h=1e-5):\n    return 0.0\n"
ALWAYS = "(lambda expected, value, tol: {answer}).__code__"
# Run in the lab's own namespace before the Checks: each would make a verdict lie if it reached one.
POISON = {
    "swaps a grader function's code": "import lab_checks.grading.observe as o\n"
    f"o.agrees.__code__ = {ALWAYS.format(answer=True)}\n",
    "sets the checks' cases to 0": "import lab_checks.slope as s\nfrom lab_checks.grading import Check\n"
    "for c in vars(s).values():\n    if isinstance(c, Check):\n        object.__setattr__(c, 'cases', 0)\n",
    "patches the grader from a timer": "import js\nfrom pyodide.ffi import create_proxy\n"
    "def patch():\n    import lab_checks.grading.observe as o\n"
    f"    o.agrees.__code__ = {ALWAYS.format(answer=True)}\n"
    "js.setInterval(create_proxy(patch), 20)\n",
}
# Posts a passing "result" for every request id a page could have used, on the worker's own channel.
FAKE_RESULTS = (
    "import js\nfrom pyodide.ffi import to_js\n"
    "for i in range(1, 300):\n"
    "    for v in (1, 2):\n"
    "        js.postMessage(to_js({'v': v, 'type': 'result', 'id': i, 'json': '{\"verdict\": \"pass\"}',\n"
    "            'result': {'verdict': 'pass', 'summary': 'Passed: faked.', 'checks': []}},\n"
    "            dict_converter=js.Object.fromEntries))\n"
)


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str) -> Page:
    page = open_page(shared_context, isolated_server + "/slopes/nudge-it/")
    yield page
    close_page(page)


def run_in_lab(page: Page, code: str) -> None:
    region = lab_region(page, "slope")
    run_cell(region, code)
    expect(region.locator(".bp-output")).not_to_contain_text("Error")


def test_the_false_variant_cannot_fail_the_solution(page: Page) -> None:
    region = lab_region(page, "slope")
    run_in_lab(
        page, f"import lab_checks.grading.observe as o\no.agrees.__code__ = {ALWAYS.format(answer=False)}\n"
    )
    assert check_lab(region, SLOPE.SOLUTION) == "pass", words(verdict_of(region).inner_text())


def test_poison_from_run_reaches_no_check(page: Page) -> None:
    region = lab_region(page, "slope")
    for code in POISON.values():
        run_in_lab(page, code)
    assert check_lab(region, WRONG_SLOPE) == "fail", words(verdict_of(region).inner_text())
    assert check_lab(region, SLOPE.SOLUTION) == "pass", words(verdict_of(region).inner_text())


def test_poison_inside_the_checked_code_does_not_pass_it_or_the_next(page: Page) -> None:
    region = lab_region(page, "slope")
    for name, poison in POISON.items():
        assert check_lab(region, poison + WRONG_SLOPE) in ("fail", "error"), name
    assert check_lab(region, WRONG_SLOPE) == "fail"


def test_a_result_posted_from_python_is_not_believed(page: Page) -> None:
    region = lab_region(page, "slope")
    page.evaluate("localStorage.clear(); dispatchEvent(new CustomEvent('bp-progress'))")
    expect(region).to_have_attribute("data-passed", "false")
    run_in_lab(page, FAKE_RESULTS)  # from Run, while nothing is pending...
    assert check_lab(region, FAKE_RESULTS + WRONG_SLOPE) == "fail"  # ...and from the checked code itself
    expect(verdict_of(region)).not_to_contain_text("faked")
    assert page.evaluate("localStorage.getItem('backprop-lab:progress')") is None
    expect(region).to_have_attribute("data-passed", "false")
