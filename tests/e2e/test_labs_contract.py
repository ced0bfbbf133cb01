"""Every lab on the built site keeps its grader's word through the real page. tests/lab_checks proves
each grader in CPython (solution passes, starting code does not, each known mistake fails with its
feedback); here every lab's solution passes in Pyodide, and one lab goes through all of that in the
page, Check by Check. Labs are found in the built site, so labs added later are covered without
touching this file."""

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page

from lab_checks import grading
from tests.e2e.learner import (
    PLAYGROUND,
    cell,
    check_lab,
    lab_region,
    labs_in_site,
    run_cell,
    starting_code,
    verdict_of,
    wait_for_python,
    words,
)
from tests.site_server import SITE

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

LABS = labs_in_site()
JOURNEY = "backward"  # the lab whose starting code and known mistakes are also tried in the page


@pytest.fixture
def open_lab(tab: Page, isolated_server: str) -> Iterator:
    """Opens a lab's page (Python ready) and returns its region; what the page stored is forgotten after."""

    def open_(lab: str) -> Locator:
        tab.goto(isolated_server + LABS[lab])
        wait_for_python(tab)
        return lab_region(tab, lab)

    yield open_
    tab.evaluate("() => localStorage.clear()")


def test_site_has_the_core_labs() -> None:
    assert {"slope", "value-ops", "backward"} <= set(LABS)


def test_every_lab_solution_passes_in_pyodide(tab: Page, isolated_server: str) -> None:
    # All graders in one Python (a run cell's): the grading workers' own path is the journey's below.
    tab.goto(isolated_server + PLAYGROUND)
    wait_for_python(tab)
    code = (
        "from lab_checks import grading\n"
        "from backprop_worker import labs\n"
        f"for lab in {sorted(LABS)!r}:\n"
        "    print(lab, '|', labs.check(lab, grading.load(lab).SOLUTION)['summary'].splitlines()[0])\n"
    )
    out = run_cell(cell(tab, 4), code, timeout=120_000).inner_text()
    verdicts = dict(line.split(" | ", 1) for line in out.splitlines() if " | " in line)
    assert set(verdicts) == set(LABS), out
    failed = {lab: v for lab, v in verdicts.items() if not v.startswith("Passed")}
    assert not failed, failed
    tab.evaluate("() => localStorage.clear()")


def test_lab_keeps_its_word_in_the_page(open_lab) -> None:
    region = open_lab(JOURNEY)
    grader = grading.load(JOURNEY)
    assert check_lab(region, starting_code(region)) != "pass", "the starting code passes"
    assert check_lab(region, grader.SOLUTION) == "pass", words(verdict_of(region).inner_text())
    for mistake in grader.MISTAKES:
        assert check_lab(region, mistake.code) == "fail", f"{mistake.name!r} does not fail"
        shown = words(verdict_of(region).inner_text())
        for part in re.split(r"\{(?:name|expected|got)\}", mistake.feedback):
            assert words(part) in shown, (
                f"{mistake.name!r}: its feedback is not shown; the page says {shown!r}"
            )


def test_course_map_lists_every_page_and_its_labs() -> None:
    course = json.loads((SITE / "assets" / "backprop" / "course.json").read_text())
    pages = course["pages"]
    assert pages[0]["url"] == "" and all(set(p) == {"url", "title", "labs"} for p in pages)
    assert all((SITE / p["url"] / "index.html").exists() for p in pages)
    on_pages = {lab: "/" + p["url"] for p in pages for lab in p["labs"]}
    assert on_pages == LABS
