"""The states a learner reaches pass axe-core's WCAG 2.2 AA rules too, each in the three views (1280 px
light and dark, 390 px): on one lesson Python ready, a cell's output, a failing verdict with its table of
tried cases, a hint, the solution, a film at its last step, a nudge's answer; then the attention picture
after Show, and both trainers while they train and after Stop. One page load a page. Each state is also
checked at 320 px and at 200% zoom: nothing scrolls the page sideways or is cut off.

The states are reached with the keyboard alone, as a learner without a mouse would: Tab from the top of
the page, Enter, the arrow keys, Escape then Tab to leave the editor; the attention picture read cell by
cell with the arrow keys; a trainer started and stopped. At every stop the focus is on an element and
shown by a ring (tab_to, focus_kept): it never falls to the page's body when a widget redraws or a
button is switched off while it has the focus."""

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.accessibility import (
    audit_views,
    broken_views,
    focus_kept,
    in_view,
    tab_to,
    with_axe,
    wordless_pictures,
)
from tests.e2e.learner import (
    RUN_TIMEOUT,
    close_page,
    lab_region,
    labs_in_site,
    open_page,
    starting_code,
    verdict_of,
)
from tests.repo import ROOT

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)
DESKTOP = "1280 light"  # where each page is left for the next test


@pytest.fixture(scope="module")
def context(shared_context: BrowserContext) -> BrowserContext:
    with_axe(shared_context)  # the shared profile's later pages get it too; it does nothing until run
    return shared_context


@pytest.fixture
def opened(context: BrowserContext, isolated_server: str) -> Iterator[Callable[[str], Page]]:
    pages = []

    def open_at(path: str) -> Page:
        pages.append(open_page(context, isolated_server + path))
        return pages[-1]

    yield open_at
    for page in pages:
        in_view(page, DESKTOP)
        close_page(page)


@pytest.mark.slow
def test_a_lesson_in_every_state_passes(opened) -> None:
    page = opened(labs_in_site()["accumulate"])
    found = {}
    audit_views(page, "body", "Python ready", found)

    # The keyboard alone, from the top of the page: the film, then the lab below it.
    figure = page.locator("#graph-0")
    tab_to(page, "#graph-0 .bp-film__pass[data-pass='backward']")
    page.keyboard.press("Enter")
    tab_to(page, "#graph-0 .bp-film__scrubber")
    page.keyboard.press("End")
    last = figure.locator(".bp-film__scrubber").get_attribute("max")
    expect(figure.locator(".bp-film")).to_have_attribute("data-frame", last)
    page.keyboard.press("ArrowLeft")
    expect(figure.locator(".bp-film")).to_have_attribute("data-frame", str(int(last) - 1))
    page.keyboard.press("End")
    expect(figure.locator(".bp-film")).to_have_attribute("data-frame", last)
    focus_kept(page)
    audit_views(page, "#graph-0", "a film at its last step", found)

    lab = lab_region(page, "accumulate")
    half_fixed = starting_code(lab).replace("grad[name] = local", "grad[name] += local")
    tab_to(page, "#lab-accumulate .cm-content")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(half_fixed)  # as a paste would: typing would add the editor's indentation
    page.keyboard.press("Escape")
    tab_to(page, "#lab-accumulate .bp-check-button", limit=3)  # Check comes right after the editor
    page.keyboard.press("Enter")
    expect(verdict_of(lab)).to_have_attribute("data-verdict", "fail", timeout=RUN_TIMEOUT)
    focus_kept(page)
    expect(lab.locator(".bp-check__table").first).to_be_visible()
    # Heard once: the summary; the checks and their tables sit in a part of the region that is not live.
    verdict = verdict_of(lab)
    expect(verdict.locator(":scope > .bp-verdict__summary")).to_contain_text("Not yet")
    tables = verdict.locator(".bp-check__table")
    assert tables.count() == verdict.locator(":scope > [aria-live=off] .bp-check__table").count() > 0
    audit_views(page, "#lab-accumulate", "a failing verdict and its table", found)

    tab_to(page, "#lab-accumulate .bp-hint-button", limit=10)
    page.keyboard.press("Enter")
    expect(lab.locator(".bp-hint").first).to_be_visible()
    focus_kept(page, "#lab-accumulate .bp-hint-button")
    audit_views(page, "#lab-accumulate", "a hint open", found)

    tab_to(page, "#lab-accumulate .bp-solution-button", limit=5)
    page.keyboard.press("Enter")
    question = focus_kept(page, "#lab-accumulate .bp-solution__yes")
    assert question["reached"], f"the question did not take the focus: {question['where']}"
    page.keyboard.press("Enter")
    expect(lab.locator(".bp-solution__code").first).to_be_visible()
    focus_kept(page)
    audit_views(page, "#lab-accumulate", "the solution shown", found)

    nudge = figure.locator(".bp-nudge input").first
    nudged = str(float(nudge.input_value()) + 1)
    tab_to(page, "#graph-0 .bp-nudge input", back=True)  # back up, from the lab to the diagram above it
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(nudged)
    expect(figure.locator(".bp-nudge__result")).not_to_be_empty(timeout=30_000)
    focus_kept(page)
    audit_views(page, "#graph-0", "a nudge's answer", found)

    cell = page.locator(".bp-run").first
    cell_id = cell.get_attribute("id")
    page.evaluate(WHILE_BUSY, f"#{cell_id} .bp-output")
    tab_to(page, f"#{cell_id} .bp-run-button", limit=400)
    page.keyboard.press("Enter")
    expect(cell).to_have_attribute("data-running", "false", timeout=RUN_TIMEOUT)
    log = cell.get_by_role("log", name="Output")
    expect(log).not_to_be_empty()
    focus_kept(page)
    # The log is busy while it fills, so a screen reader reads it once, whole, when the run ends.
    busy = page.evaluate("window.__busy")
    assert busy and set(busy) == {"true"}, f"the log changed while not busy: {busy}"
    expect(log).to_have_attribute("aria-busy", "false")
    audit_views(page, f"#{cell.get_attribute('id')}", "a cell's output", found)
    assert not broken_views(found), broken_views(found)


@pytest.mark.slow
def test_the_attention_picture_after_show_passes(opened) -> None:
    page = opened("/gpt/attention/")
    picture = page.locator(".bp-attention")
    readout = picture.get_by_role("status")
    # By the keyboard alone: type a name, Enter, choose a head, then read the weights with the arrow keys.
    tab_to(page, ".bp-attention input")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("emma")
    page.keyboard.press("Enter")
    expect(picture).to_have_attribute("data-source", "live", timeout=60_000)
    expect(picture).to_have_attribute("data-state", "ready")
    focus_kept(page)
    tab_to(page, ".bp-attention__head:nth-child(2)", limit=5)
    page.keyboard.press("Enter")
    expect(picture).to_have_attribute("data-head", "2")
    focus_kept(page, ".bp-attention__head:nth-child(2)")  # the picture redrew: the focus stayed
    tab_to(page, ".bp-attention [role='img']", limit=10)
    expect(readout).to_have_text(re.compile(r"^Head 2: .* looks at .* with weight \d\.\d\d\.$"))
    read = readout.text_content()
    page.keyboard.press("ArrowUp")
    expect(readout).not_to_have_text(read)
    expect(readout).to_contain_text("Head 2: ")
    focus_kept(page, ".bp-attention [role='img']")
    found = {}
    audit_views(page, ".bp-attention", "after Show", found)
    assert not broken_views(found), broken_views(found)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "within", "train"),
    [
        ("/train/live/", ".bp-moons-trainer", ".bp-trainer__train"),
        ("/gpt/train-names/", ".bp-names-trainer", ".bp-names-trainer__scratch"),
    ],
)
def test_a_trainer_while_training_and_after_passes(opened, path: str, within: str, train: str) -> None:
    page = opened(path)
    trainer = page.locator(within)
    page.evaluate(LISTEN, within)
    # By the keyboard alone: the number of steps, the Train button, then Stop.
    tab_to(page, f"{within} input[id$='-steps']")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("1000")  # still training while it is audited
    tab_to(page, f"{within} {train}", limit=10)
    page.keyboard.press("Enter")
    expect(trainer).to_have_attribute("data-state", "training", timeout=60_000)
    focus_kept(page)
    found = {}
    audit_views(page, within, "training", found)
    tab_to(page, f"{within} button:is(.bp-trainer__stop, .bp-names-trainer__stop)", limit=10)
    page.keyboard.press("Enter")
    readout = trainer.get_by_role("status", name="Training progress")
    expect(readout).to_contain_text(re.compile("Stopped"), timeout=30_000)
    focus_kept(page)  # Stop, switched off as the run ends, kept the focus
    audit_views(page, within, "after Stop", found)
    assert not broken_views(found), broken_views(found)
    assert wordless_pictures(page, within) == []  # the pictures' numbers, now there are some, in words

    # What a screen reader heard: how the run started and ended, its steps at most once every EVERY_MS.
    changes = page.evaluate("window.__regions")
    heard = [c for c in changes if c["live"] != "off" and c["text"]]
    quiet = [c for c in changes if c["live"] == "off" and STEP.search(c["text"])]
    assert len(quiet) >= 3, f"the steps were not shown as they came: {changes}"
    assert not [c for c in heard if c["region"] == "readout" and STEP.search(c["text"])], heard
    assert re.search("^Stopped", heard[-1]["text"]), heard
    progress = [c["t"] for c in heard if c["region"] == "announcer"]
    starts = [c["t"] for c in heard if c["region"] == "readout"]
    for t in progress:
        since = t - max([s for s in starts if s < t] + [p for p in progress if p < t])
        assert since >= EVERY_MS, f"progress heard {since:.0f} ms after the last announcement: {heard}"


# The log's aria-busy at each change of what it holds, into window.__busy (from the records in order: the
# observer runs after the run's last change and aria-busy's reset, which only flips it between two values).
WHILE_BUSY = """(log) => {
  window.__busy = [];
  const el = document.querySelector(log);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") el.__busyNow = r.oldValue === "true" ? "false" : "true";
      else window.__busy.push(el.__busyNow ?? el.getAttribute("aria-busy"));
    }
  }).observe(el, {
    subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["aria-busy"], attributeOldValue: true,
  });
}"""
ANNOUNCE = ROOT / "site" / "frontend" / "training" / "announce.js"
EVERY_MS = int(re.search(r"EVERY_MS = ([\d_]+)", ANNOUNCE.read_text())[1])
STEP = re.compile(r"^Step [\d,]+ ")
# Every change of a live region of the trainer, in window.__regions: when (performance.now()), which
# region (the status line, or the hidden progress announcer), how polite it was then, and its text.
LISTEN = """(within) => {
  window.__regions = [];
  const root = document.querySelector(within);
  new MutationObserver(() => {
    for (const el of root.querySelectorAll(".bp-trainer__readout, .bp-trainer__announcer")) {
      const text = el.textContent, region = el.matches(".bp-trainer__readout") ? "readout" : "announcer";
      const last = window.__regions.findLast((c) => c.region === region);
      if (last?.text === text) continue;
      const live = el.getAttribute("aria-live") ?? "polite";
      window.__regions.push({ t: performance.now(), region, live, text });
    }
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
}"""
