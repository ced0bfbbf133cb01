"""Run on my engine, in Chromium: the switch waits for the engine labs and says which are missing; with
known-correct code from the labs the GPT's loss falls over 20 steps on the learner's engine; an engine
with one wrong local gradient is caught before a step, named with its lab, and the course's engine keeps
training; the moons trainer runs on it too. The switch is a keyboard switch with no axe violations."""

import json
import math
import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from lab_checks import grading
from learner_engine.assemble import PIECES
from tests.e2e.accessibility import axe_violations
from tests.e2e.learner import close_page, labs_in_site, open_page, wait_for_python

NAMES_PAGE, MOONS_PAGE = "/gpt/train-names/", "/train/live/"
LABS = [lab for lab, _, _ in PIECES]


def seed(page: Page, code: dict[str, str]) -> None:
    """This browser as a learner's who passed these labs with this code, the page then reloaded."""
    where = labs_in_site()
    progress = {"labs": {lab: {"passed": True, "at": "2026-12-04T08:00:00.000Z"} for lab in code}}
    stored = {f"backprop-lab:code:{where[lab]}#{lab}": text for lab, text in code.items()}
    page.evaluate(
        """([progress, stored]) => {
          localStorage.clear();
          localStorage.setItem("backprop-lab:progress", progress);
          for (const [key, text] of Object.entries(stored)) localStorage.setItem(key, text);
        }""",
        [json.dumps(progress), stored],
    )
    page.reload()
    wait_for_python(page)


def solutions(**changes: tuple[str, str]) -> dict[str, str]:
    """The labs' reference code, with (old, new) replaced in the labs named."""
    code = {lab: grading.load(lab).SOLUTION for lab in LABS}
    for lab, (old, new) in changes.items():
        assert code[lab.replace("_", "-")].count(old) == 1
        code[lab.replace("_", "-")] = code[lab.replace("_", "-")].replace(old, new)
    return code


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str):
    opened = open_page(shared_context, isolated_server + NAMES_PAGE)
    yield opened
    close_page(opened)


def region(page: Page, name: str = "Names GPT") -> Locator:
    return page.get_by_role("region", name=name)


def switch(page: Page, name: str = "Names GPT") -> Locator:
    return region(page, name).get_by_role("switch", name="Run on my engine")


def about(page: Page, name: str = "Names GPT") -> Locator:
    return region(page, name).locator(".bp-engine-switch__about")


def train(page: Page, steps: str, button: str = "Train from scratch") -> str:
    trainer = region(page)
    trainer.get_by_label("Steps").fill(steps)
    trainer.get_by_role("button", name=button).focus()
    page.keyboard.press("Enter")
    expect(trainer).to_have_attribute("data-state", re.compile("^(done|error)$"), timeout=120_000)
    return trainer.get_by_role("status", name="Training progress").inner_text()


def test_the_switch_waits_for_the_engine_labs_and_names_them(page: Page) -> None:
    seed(page, {})
    expect(switch(page)).to_be_disabled()
    expect(region(page)).to_have_attribute("data-engine", "course")
    expect(about(page)).to_contain_text("Off: this runs on the course's engine. To run it on yours, pass")
    where = labs_in_site()
    for lab in ("value-ops", "backward"):
        link = about(page).get_by_role("link", name=re.compile(f"\\(lab {lab}\\)$"))
        expect(link).to_have_attribute("href", f"{where[lab]}#lab-{lab}")
    assert axe_violations(page, ".bp-engine-switch") == []


def test_known_correct_code_trains_the_gpt_on_the_learners_engine(page: Page) -> None:
    seed(page, solutions())
    expect(switch(page)).to_be_enabled()
    expect(about(page)).to_contain_text("Switch on to run it on yours")
    switch(page).focus()
    page.keyboard.press("Space")
    expect(region(page)).to_have_attribute("data-engine", "mine", timeout=60_000)
    expect(switch(page)).to_be_checked()
    on = (
        r"On: this runs on your engine: your .+\. One step's forward and backward took [\d.]+ ms on your "
        r"engine and [\d.]+ ms on the course's\."
    )
    expect(about(page)).to_have_text(re.compile(on))
    assert axe_violations(page, ".bp-engine-switch") == []
    said = train(page, "20")
    assert "Done: 20 steps on your engine in" in said, said
    mean = float(re.search(r"mean of the last 20 steps (\d\.\d+)", said)[1])
    # From scratch the first step's loss is 3.619 and a model that guesses is at ln 27: the mean of all
    # 20 steps is below that only if the loss fell.
    assert mean < math.log(27) - 0.1, said
    expect(region(page).get_by_role("region", name="Sampled names").get_by_role("listitem")).to_have_count(6)
    switch(page).focus()
    page.keyboard.press("Space")  # off again: the same model, on the course's engine
    expect(region(page)).to_have_attribute("data-engine", "course")
    assert "Done: 1 step on the course's engine" in train(page, "1", "Continue training")


def test_one_wrong_local_gradient_is_caught_and_the_course_engine_keeps_working(page: Page) -> None:
    seed(page, solutions(value_ops=("(other.data, self.data))", "(other.data, other.data))")))
    switch(page).focus()
    page.keyboard.press("Space")
    wrong = (
        r"Your Value.__mul__ \(a \* b\) gives b.grad = [\d.-]+ where [\d.-]+ is right\. "
        r"Revisit lab value-ops"
    )
    expect(about(page)).to_contain_text(re.compile(wrong), timeout=60_000)
    expect(region(page)).to_have_attribute("data-engine", "course")
    expect(region(page)).to_have_attribute("data-engine-error", "value-ops")
    expect(switch(page)).not_to_be_checked()
    assert "Done: 2 steps on the course's engine" in train(page, "2")


def test_the_moons_trainer_runs_on_the_learners_engine(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    moons = open_page(shared_context, isolated_server + MOONS_PAGE)
    try:
        seed(moons, solutions())
        name = "Live training"
        switch(moons, name).focus()
        moons.keyboard.press("Space")
        expect(region(moons, name)).to_have_attribute("data-engine", "mine", timeout=60_000)
        region(moons, name).get_by_label("Steps").fill("10")
        region(moons, name).get_by_role("button", name="Train").focus()
        moons.keyboard.press("Enter")
        expect(region(moons, name)).to_have_attribute("data-state", "done", timeout=120_000)
        assert float(region(moons, name).get_attribute("data-accuracy")) > 0.6
    finally:
        close_page(moons)
