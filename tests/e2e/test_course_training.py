"""Lesson 5: the moons classifier trains live in the worker; the page draws it step by step, stays
responsive, stops on Stop, and offers micrograd's demo settings (trained to 100% in tests/training)."""

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.learner import close_page, open_page, press
from training.moons_trainer import DEMO


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str):
    """One page for the module, so Python boots once."""
    opened = open_page(shared_context, isolated_server + "/train/live/")
    yield opened
    close_page(opened)


def trainer(page: Page) -> Locator:
    return page.get_by_role("region", name="Live training")


def readout(page: Page) -> Locator:
    return trainer(page).get_by_role("status", name="Training progress")


def settings(page: Page, learning_rate: str, hidden: str, steps: str) -> None:
    trainer(page).get_by_label("Learning rate").fill(learning_rate)
    trainer(page).get_by_label("Hidden layer sizes").fill(hidden)
    trainer(page).get_by_label("Steps").fill(steps)


def test_a_short_run_streams_every_step_to_the_picture_and_the_readout(page: Page) -> None:
    settings(page, "0.5", "4", "6")
    picture = trainer(page).locator("canvas.bp-trainer__picture")
    expect(picture).to_have_attribute("aria-label", re.compile("press Train"))
    expect(trainer(page)).to_have_attribute("data-points", "100", timeout=60_000)  # drawn before Train
    press(trainer(page).get_by_role("button", name="Train"))
    expect(trainer(page)).to_have_attribute("data-state", "done", timeout=60_000)
    done = (
        r"Done: 6 steps in [\d.]+ s \(\d+ ms a step\)\. loss [\d.]+ = data loss [\d.]+ \+ penalty [\d.]+\. "
        r"Training accuracy \d+(\.\d)?%\."
    )
    expect(readout(page)).to_contain_text(re.compile(done))
    expect(picture).to_have_attribute("aria-label", re.compile(r"after step 6\b"))
    assert 0 <= float(trainer(page).get_attribute("data-accuracy")) <= 1
    for title in ("Loss", "Accuracy"):
        expect(trainer(page).locator(".bp-chart").filter(has_text=title).locator("canvas")).to_be_visible()


def test_settings_it_cannot_use_are_explained(page: Page) -> None:
    settings(page, "1.0", "16, 0", "5")
    press(trainer(page).get_by_role("button", name="Train"))
    expect(trainer(page)).to_have_attribute("data-state", "error", timeout=30_000)
    expect(readout(page)).to_have_text("Each hidden layer needs 1 to 32 neurons.")


def test_a_setting_the_browser_refuses_replaces_the_previous_error(page: Page) -> None:
    settings(page, "1.0", "16, 0", "5000")  # after the test above, its error is still showing
    trainer(page).get_by_role("button", name="Train").click()  # the browser blocks this submit (max 1000)
    expect(readout(page)).to_contain_text("Steps:")
    expect(readout(page)).not_to_contain_text("Each hidden layer")
    expect(trainer(page)).to_have_attribute("data-state", "error")


def test_the_page_answers_while_training_and_stop_ends_it(page: Page) -> None:
    settings(page, "1.0", "16, 16", "1000")
    press(trainer(page).get_by_role("button", name="Train"))
    expect(readout(page)).to_contain_text(re.compile(r"Step [3-9]\d* of 1000"), timeout=60_000)
    # The main thread is free while the worker trains: the page answers, and Stop is handled.
    assert page.evaluate("() => document.title")
    expect(trainer(page)).to_have_attribute("data-state", "training")
    stop = trainer(page).get_by_role("button", name="Stop")
    press(stop)
    expect(trainer(page)).to_have_attribute("data-state", "stopped", timeout=10_000)
    expect(readout(page)).to_contain_text(re.compile(r"Stopped after step \d+\."))
    expect(readout(page)).not_to_contain_text("restarted")  # interrupted: Python keeps running
    expect(stop).to_be_disabled()
    expect(trainer(page).get_by_role("button", name="Train")).to_be_enabled()


def test_demo_settings_are_micrograds(page: Page) -> None:
    """The button fills in the settings that tests/training trains to 100% in CPython (a minute here)."""
    press(trainer(page).get_by_role("button", name="Demo settings"))
    expect(trainer(page).get_by_label("Steps")).to_have_value(str(DEMO["steps"]))
    hidden = ", ".join(map(str, DEMO["hidden"]))
    expect(trainer(page).get_by_label("Hidden layer sizes")).to_have_value(hidden)
    assert float(trainer(page).get_by_label("Learning rate").input_value()) == DEMO["learning_rate"]
