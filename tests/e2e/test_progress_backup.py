"""Back up and restore on the home page: one browser's passes and code, downloaded as a file, restored
exactly in a fresh browser after a confirmation that says what changes; five kinds of bad file each
refused with its own message and nothing changed; what the page says of the browser's storage; and the
panel, by keyboard alone and in each of its states, passes axe-core's WCAG 2.2 AA rules."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.accessibility import axe_violations
from tests.e2e.learner import new_context

HOME = "/"
PROGRESS = {
    "labs": {
        "slope": {"passed": True, "at": "2026-11-30T10:00:00.000Z"},
        "backward": {"passed": True, "at": "2026-12-01T09:30:00.000Z"},
    }
}
CODE = {
    "/slopes/nudge-it/#slope": "def slope(f, x, h=1e-5):\n    return (f(x + h) - f(x - h)) / (2 * h)\n",
    "/playground/#cell-1": "print('hello from my other browser')\n",
}
SEED = f"""
localStorage.setItem("backprop-lab:progress", {json.dumps(json.dumps(PROGRESS))});
for (const [where, code] of Object.entries({json.dumps(CODE)}))
  localStorage.setItem("backprop-lab:code:" + where, code);
"""
# What this browser holds for the course: the code cells' text, the progress as data.
STORED = """() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("backprop-lab:"))
  .map((k) => [k, localStorage.getItem(k)])
  .map(([k, v]) => [k, k === "backprop-lab:progress" ? JSON.parse(v) : v]))"""


def home(browser: Browser, server: str, seed: str = "") -> Page:
    """The home page in a fresh browser profile (its storage seeded first when seed is given)."""
    page = new_context(browser).new_page()
    page.route("**/assets/backprop/worker.js", lambda route: route.abort())  # the panel needs no Python
    page.goto(server + HOME)
    if seed:
        page.evaluate(seed)
        page.reload()
    expect(page.get_by_role("region", name="Your work")).to_be_visible()
    return page


@pytest.fixture(scope="module")
def seeded(tab: Page, plain_server: str) -> Page:
    """The home page with SEED's storage, in the module's tab, for the tests that must change nothing."""
    tab.route("**/assets/backprop/worker.js", lambda route: route.abort())
    tab.goto(plain_server + HOME)
    tab.evaluate(SEED)
    tab.reload()
    expect(tab.get_by_role("region", name="Your work")).to_be_visible()
    return tab


def back_up(page: Page, folder: Path) -> Path:
    with page.expect_download() as download:
        page.get_by_role("button", name="Back up my progress").click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


def restore(page: Page, path: Path) -> None:
    page.get_by_label("Restore from a backup").set_input_files(str(path))


def test_a_backup_restores_exactly_in_a_fresh_browser(
    browser: Browser, plain_server: str, tmp_path: Path
) -> None:
    first = home(browser, plain_server, SEED)
    saved = first.evaluate(STORED)
    path = back_up(first, tmp_path)
    assert path.name.startswith("backprop-lab-backup-") and path.suffix == ".json"
    data = json.loads(path.read_text())
    assert (data["format"], data["version"]) == ("backprop-lab-backup", 1)
    assert data["labs"] == PROGRESS["labs"] and data["code"] == CODE
    expect(first.get_by_role("region", name="Your work").get_by_role("status")).to_contain_text(
        "2 passed labs"
    )

    second = home(browser, plain_server)
    second.evaluate('localStorage.setItem("backprop-lab:code:/playground/#cell-1", "# mine, here")')
    restore(second, path)
    panel = second.get_by_role("region", name="Your work")
    expect(panel).to_contain_text(
        "marks 2 labs as passed, adds your code in 1 cell and replaces your code here in 1 cell"
    )
    panel.get_by_role("button", name="Keep mine").click()
    expect(panel.get_by_role("status")).to_have_text("Nothing was restored.")
    assert second.evaluate(STORED) == {"backprop-lab:code:/playground/#cell-1": "# mine, here"}

    restore(second, path)
    panel.get_by_role("button", name="Restore the backup").click()
    expect(panel.get_by_role("status")).to_contain_text("Restored: 2 labs passed and your code in 2 cells.")
    assert second.evaluate(STORED) == saved
    expect(second.locator(".bp-progress__line")).to_contain_text("2 of")
    restore(second, path)  # again: nothing left to change
    expect(panel).to_contain_text("holds nothing this browser does not have already")
    assert second.evaluate(STORED) == saved
    first.context.close()
    second.context.close()


GOOD = {
    "format": "backprop-lab-backup",
    "version": 1,
    "saved": "2026-12-01T00:00:00.000Z",
    "labs": PROGRESS["labs"],
    "code": CODE,
}
BAD_FILES = {
    "not-json.json": ("This is a lesson I liked.", "not a Backprop Lab backup (it is not JSON)"),
    "other.json": (json.dumps({"cells": [], "nbformat": 4}), "This file is not a Backprop Lab backup."),
    "newer.json": (json.dumps({**GOOD, "version": 2}), "newer version of Backprop Lab (format 2"),
    "truncated.json": (json.dumps(GOOD)[:120], "cut short"),
    "wrong-types.json": (
        json.dumps({**GOOD, "labs": {"slope": {"passed": "yes", "at": 3}}}),
        'lab "slope" is not a pass',
    ),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_refused_and_changes_nothing(seeded: Page, tmp_path: Path, name: str) -> None:
    page = seeded
    before = page.evaluate(STORED)
    text, message = BAD_FILES[name]
    (tmp_path / name).write_text(text)
    restore(page, tmp_path / name)
    status = page.get_by_role("region", name="Your work").get_by_role("status")
    expect(status).to_contain_text(message)
    expect(status).to_contain_text("Nothing was changed.")
    expect(page.get_by_role("button", name="Restore the backup")).to_have_count(0)
    assert page.evaluate(STORED) == before


def test_the_page_says_whether_the_browser_keeps_its_storage(seeded: Page) -> None:
    page = seeded
    kept = page.locator(".bp-backup__kept")
    persisted = page.evaluate("navigator.storage.persisted()")
    expect(kept).to_have_attribute("data-persisted", str(persisted).lower())
    expect(kept).to_contain_text("promised not to clear" if persisted else "back up your progress")


def test_the_panel_works_by_keyboard_and_passes_axe_in_every_state(
    browser: Browser, plain_server: str, tmp_path: Path
) -> None:
    page = home(browser, plain_server, SEED)
    panel = ".bp-backup"
    assert axe_violations(page, panel) == []
    page.get_by_role("button", name="Back up my progress").focus()
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    download.value.save_as(tmp_path / "mine.json")
    assert axe_violations(page, panel) == []  # the news of the saved file
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.labels?.[0]?.textContent") == "Restore from a backup"
    (tmp_path / "bad.json").write_text("{")
    restore(page, tmp_path / "bad.json")
    expect(page.get_by_role("region", name="Your work").get_by_role("status")).to_contain_text("cut short")
    assert axe_violations(page, panel) == []  # a refusal
    page.evaluate("localStorage.clear()")
    restore(page, tmp_path / "mine.json")
    yes = page.get_by_role("button", name="Restore the backup")
    expect(yes).to_be_focused()  # the confirmation takes the focus, so Enter answers it
    assert axe_violations(page, panel) == []  # the confirmation
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Keep mine")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("region", name="Your work").get_by_role("status")).to_contain_text("Restored")
    expect(page.get_by_role("button", name="Back up my progress")).to_be_focused()
    assert axe_violations(page, panel) == []
    page.context.close()
