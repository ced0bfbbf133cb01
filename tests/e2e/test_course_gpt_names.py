"""The names page: Sample names shows the shipped checkpoint's names as text at once, Train from scratch
streams a few steps (loss as text, names every few steps) from the worker, and Stop ends a run at once."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from gpt.checkpoint import load_checkpoint
from tests.e2e.learner import cell, close_page, open_page, press, run_cell


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str):
    """One page for the module, so Python boots once."""
    opened = open_page(shared_context, isolated_server + "/gpt/train-names/")
    yield opened
    close_page(opened)


def trainer(page: Page) -> Locator:
    return page.get_by_role("region", name="Names GPT")


def readout(page: Page) -> Locator:
    return trainer(page).get_by_role("status", name="Training progress")


def names(page: Page) -> Locator:
    return trainer(page).get_by_role("region", name="Sampled names").get_by_role("listitem")


def settings(page: Page, steps: str, learning_rate: str = "0.01", temperature: str = "0.5") -> None:
    trainer(page).get_by_label("Steps").fill(steps)
    trainer(page).get_by_label("Learning rate").fill(learning_rate)
    trainer(page).get_by_label("Temperature").fill(temperature)


def test_sample_names_shows_the_checkpoints_own_names_as_text(page: Page) -> None:
    _, record = load_checkpoint()
    # The checkpoint's curve is drawn before any press.
    expect(trainer(page)).to_have_attribute("data-trained", "1000", timeout=30_000)
    # Its legend's squares in the colours of their lines (uPlot left them black: made before the page had it).
    markers = trainer(page).locator(".u-legend .u-series .u-marker")  # the first is the x axis's: none
    colours = markers.evaluate_all("(ms) => ms.slice(1).map((m) => getComputedStyle(m).backgroundColor)")
    assert colours == ["rgb(57, 73, 171)", "rgb(216, 67, 21)"], colours  # --bp-plot-1 and -2, light
    settings(page, "200", temperature=str(record["samples"]["temperature"]))
    seeds = sample_seeds(page)
    press(trainer(page).get_by_role("button", name="Sample names"))
    expect(trainer(page)).to_have_attribute("data-state", "sampled", timeout=60_000)
    expect(names(page)).to_have_text(record["samples"]["names"])
    press(trainer(page).get_by_role("button", name="Sample names"))  # new dice
    expect(names(page)).not_to_have_text(record["samples"]["names"])
    expect(readout(page)).to_contain_text("the shipped checkpoint (1,000 steps of training)")
    summary = trainer(page).get_by_text("The losses as text")
    press(summary)
    expect(trainer(page).get_by_role("row", name=re.compile(r"^951–1000 \d\.\d{3}$"))).to_be_visible()
    # Trained further, it is said to be the checkpoint no longer as shipped.
    # Enter in the Steps field presses Continue training (the button that uses it).
    settings(page, "3")
    trainer(page).get_by_label("Steps").press("Enter")
    expect(trainer(page)).to_have_attribute("data-state", "done", timeout=60_000)
    further = "The model is now the shipped checkpoint trained 3 steps further (1,003 steps of training)."
    expect(readout(page)).to_contain_text(further)
    # After training, the dice start again from the first press's: a retrace would give the same names.
    press(trainer(page).get_by_role("button", name="Sample names"))
    expect(trainer(page)).to_have_attribute("data-state", "sampled", timeout=60_000)
    assert seeds() == [0, 1, 0], seeds()


def sample_seeds(page: Page) -> Callable[[], list[int]]:
    """The dice seed of every Sample names call the page sends its worker from now on."""
    page.evaluate(
        """() => {
          window.sampleSeeds = [];
          const send = MessagePort.prototype.postMessage;
          MessagePort.prototype.postMessage = function (message, ...rest) {
            const sampling = message?.module === "names_trainer" && message?.func === "sample";
            if (sampling) window.sampleSeeds.push(message.args.seed);
            return send.call(this, message, ...rest);
          };
        }"""
    )
    return lambda: page.evaluate("window.sampleSeeds")


def record_texts(element: Locator) -> Callable[[], list[str]]:
    """Every text the element shows from now on; call the result to read them."""
    element.evaluate(
        """(e) => {
          e.seen = [e.textContent];
          const all = { childList: true, subtree: true, characterData: true };
          new MutationObserver(() => e.seen.push(e.textContent)).observe(e, all);
        }"""
    )
    return lambda: element.evaluate("(e) => e.seen")


def test_train_from_scratch_streams_steps_and_names(page: Page) -> None:
    expect(names(page)).not_to_have_count(0)  # the checkpoint's names, from the test above
    settings(page, "2000")
    trainer(page).get_by_label("Seed of a new GPT").fill("7")
    said = record_texts(readout(page))  # the start's words last until the first step, often under 0.2 s
    press(trainer(page).get_by_role("button", name="Train from scratch"))
    # The old model's names go at the start: the new GPT has none before its first sample.
    heading = "No names yet: the new GPT's first come after step 20"
    expect(trainer(page).get_by_role("region", name="Sampled names")).to_contain_text(heading, timeout=60_000)
    expect(names(page)).to_have_count(0)
    start = "Training a new GPT (seed 7, 4,192 parameters) on the course's engine, one name a step…"
    assert start in said(), said()
    press(trainer(page).get_by_role("button", name="Stop"))
    expect(trainer(page)).to_have_attribute("data-state", "stopped", timeout=10_000)
    settings(page, "4")
    trainer(page).get_by_label("Seed of a new GPT").press("Enter")  # Enter in the seed: Train from scratch
    expect(trainer(page)).to_have_attribute("data-state", "done", timeout=60_000)
    done = (
        r"Done: 4 steps on the course's engine in [\d.]+ s \(\d+ ms a step\)\. "
        r'loss \d\.\d{3} on "[a-z]+", mean of the last 4 steps \d\.\d{3}\.'
    )
    expect(readout(page)).to_contain_text(re.compile(done))
    now = "The model is now your GPT from scratch (seed 7, 4 steps of training)."
    expect(readout(page)).to_contain_text(now)
    expect(trainer(page)).to_have_attribute("data-trained", "4")
    expect(names(page)).to_have_count(6)  # sampled after the last step
    expect(trainer(page).get_by_role("region", name="Sampled names")).to_contain_text("After step 4")
    expect(trainer(page).locator(".bp-chart").filter(has_text="Loss").locator("canvas")).to_be_visible()


def test_continue_shows_progress_and_stop_ends_it_at_once(page: Page) -> None:
    settings(page, "2000")
    press(trainer(page).get_by_role("button", name="Continue training"))
    progress = (
        r"Step [\d,]+ \(([2-9]|\d\d+) of 2000\) · loss \d\.\d{3} on \"[a-z]+\".*"
        r" · [\d.]+ steps/s · .+ left"
    )
    expect(readout(page)).to_contain_text(re.compile(progress), timeout=60_000)
    assert page.evaluate("() => document.title")  # the page answers while the worker trains
    stop = trainer(page).get_by_role("button", name="Stop")
    press(stop)
    expect(trainer(page)).to_have_attribute("data-state", "stopped", timeout=10_000)
    expect(readout(page)).to_contain_text(re.compile(r"Stopped after step [\d,]+\."))
    expect(readout(page)).not_to_contain_text("restarted")  # interrupted: the trained model stays
    expect(stop).to_be_disabled()
    for name in ("Sample names", "Continue training", "Train from scratch"):
        expect(trainer(page).get_by_role("button", name=name)).to_be_enabled()


def test_the_whole_model_runs_in_a_cell_and_trains(page: Page) -> None:
    model, trainer_cell = cell(page, 1), cell(page, 2)  # the page's only cells (the editor shows few lines)
    expect(model).to_contain_text("class GPT:")
    expect(run_cell(model)).not_to_contain_text("Error")
    code = trainer_cell.locator(".cm-content").inner_text().replace("steps = 20", "steps = 2")
    out = run_cell(trainer_cell, code)
    expect(out).to_contain_text(re.compile(r"step 1: loss 3\.619 on '[a-z]+'"))  # the checkpoint's first step
    expect(out).to_contain_text(re.compile(r"step 2: loss \d\.\d{3}"))
    expect(out).to_contain_text(re.compile(r"names: \['[a-z]*'(, '[a-z]*'){4}\]"))
