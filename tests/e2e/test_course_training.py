"""Lesson 5: the moons classifier trains live in the worker; the page draws it step by step, stays
responsive, stops on Stop, and reaches 100% training accuracy with micrograd's demo settings."""

import re
import time

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.runtime_support import open_cells_page


@pytest.fixture(scope="module")
def page(browser: Browser, isolated_server: str):
    """One page for the module, so Python boots once."""
    opened = open_cells_page(
        browser, isolated_server, path="/train/live/", viewport={"width": 1200, "height": 1000}
    )
    yield opened
    opened.context.close()


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
    trainer(page).get_by_role("button", name="Train").click()
    expect(trainer(page)).to_have_attribute("data-state", "done", timeout=60_000)
    done = r"Done: 6 steps in [\d.]+ s \(\d+ ms a step\)\. Training accuracy \d+(\.\d)?%\."
    expect(readout(page)).to_contain_text(re.compile(done))
    expect(picture).to_have_attribute("aria-label", re.compile(r"after step 6\b"))
    assert 0 <= float(trainer(page).get_attribute("data-accuracy")) <= 1
    for title in ("Loss", "Accuracy"):
        expect(trainer(page).locator(".bp-chart").filter(has_text=title).locator("canvas")).to_be_visible()


def test_settings_it_cannot_use_are_explained(page: Page) -> None:
    settings(page, "1.0", "16, 0", "5")
    trainer(page).get_by_role("button", name="Train").click()
    expect(trainer(page)).to_have_attribute("data-state", "error", timeout=30_000)
    expect(readout(page)).to_have_text("Each hidden layer needs 1 to 32 neurons.")


def test_the_page_answers_while_training_and_stop_ends_it(page: Page) -> None:
    settings(page, "1.0", "16, 16", "1000")
    trainer(page).get_by_role("button", name="Train").click()
    expect(readout(page)).to_contain_text(re.compile(r"Step [3-9]\d* of 1000"), timeout=60_000)
    # The main thread is free: a round trip to the page is quick, and the Stop button answers.
    started = time.perf_counter()
    page.evaluate("() => document.title")
    assert time.perf_counter() - started < 0.5
    stop = trainer(page).get_by_role("button", name="Stop")
    started = time.perf_counter()
    stop.click()
    expect(trainer(page)).to_have_attribute("data-state", "stopped", timeout=5_000)
    assert time.perf_counter() - started < 3
    expect(readout(page)).to_contain_text(re.compile(r"Stopped after step \d+\."))
    expect(stop).to_be_disabled()
    expect(trainer(page).get_by_role("button", name="Train")).to_be_enabled()


def test_demo_settings_reach_full_training_accuracy(page: Page) -> None:
    trainer(page).get_by_role("button", name="Demo settings").click()
    expect(trainer(page).get_by_label("Steps")).to_have_value("100")
    started = time.perf_counter()
    trainer(page).get_by_role("button", name="Train").click()
    expect(trainer(page)).to_have_attribute("data-state", "done", timeout=150_000)
    took = time.perf_counter() - started
    expect(readout(page)).to_contain_text("Training accuracy 100%")
    assert trainer(page).get_attribute("data-accuracy") == "1"
    print(f"\ndemo training in the browser: {took:.1f} s; page says: {readout(page).inner_text()}")
