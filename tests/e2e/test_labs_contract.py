"""Every lab on the built site keeps its grader's word through the real page: the solution passes, the
starting code does not, and each known mistake fails with its own feedback. Labs are found in the
built site, so labs added later are covered without touching this file."""

import json
import re

import pytest
from playwright.sync_api import Browser

from lab_checks import grading
from tests.conftest import SITE
from tests.e2e.labs import LabPages, check, lab_region, labs_in_site, starting_code, verdict_of, words

LABS = labs_in_site()


@pytest.fixture(scope="module")
def pages(browser: Browser, isolated_server: str):
    opened = LabPages(browser, isolated_server)
    yield opened
    opened.close()


def test_site_has_the_core_labs() -> None:
    assert {"slope", "value-ops", "backward"} <= set(LABS)


@pytest.mark.parametrize("lab", sorted(LABS))
def test_lab_keeps_its_word_in_the_page(pages: LabPages, lab: str) -> None:
    region = lab_region(pages.open(LABS[lab]), lab)
    grader = grading.load(lab)
    assert check(region, starting_code(region)) != "pass", "the starting code passes"
    assert check(region, grader.SOLUTION) == "pass", words(verdict_of(region).inner_text())
    for mistake in grader.MISTAKES:
        assert check(region, mistake.code) == "fail", f"{mistake.name!r} does not fail"
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
