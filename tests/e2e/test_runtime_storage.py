"""Every edit is saved in localStorage (after a short pause) per page and cell and restored on
reload; Reset brings the starting code back and can be undone; a full storage is reported."""

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.learner import PLAYGROUND, cell, close_page, hold_python, press, set_code, until


def starting_code(page: Page, n: int) -> str:
    return json.loads(cell(page, n).locator("script.bp-data").text_content())["code"]


def stored(page: Page) -> dict:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('backprop-lab:code:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, plain_server: str) -> Page:
    """The Scratchpad without Python (saving code needs none)."""
    page = shared_context.new_page()
    hold_python(page)
    page.goto(plain_server + PLAYGROUND)
    yield page
    close_page(page)


def test_edits_are_saved_without_leaving_the_page_per_cell(page: Page) -> None:
    editor = cell(page, 2).locator(".cm-content")
    editor.focus()
    editor.press("Control+End")
    editor.type("\n# my note")
    # No reload or navigation: only the debounced save can store it (typing on a busy machine can pause
    # long enough for a save mid-word, so wait for the whole text).
    until(
        page,
        "() => Object.keys(localStorage).some("
        "k => k.endsWith('#cell-1') && localStorage.getItem(k).endsWith('# my note'))",
        timeout=10,
    )
    saved = stored(page)
    keys = [k for k in saved if k.endswith(PLAYGROUND + "#cell-1")]
    assert keys, f"nothing saved for the second cell: {list(saved)}"
    assert saved[keys[0]].endswith("# my note")
    assert not any(k.endswith("#cell-0") for k in saved), "an untouched cell was saved"


def test_edits_come_back_after_reload(page: Page) -> None:
    set_code(cell(page, 3), "print('mine, not the lesson')")
    page.reload()
    expect(cell(page, 3).locator(".cm-content")).to_have_text("print('mine, not the lesson')")
    expect(cell(page, 2).locator(".cm-content")).to_contain_text("# my note")
    expect(cell(page, 1).locator(".cm-line").first).to_have_text(starting_code(page, 1).splitlines()[0])


def test_reset_restores_the_starting_code_and_can_be_undone(page: Page) -> None:
    widget = cell(page, 3)
    set_code(widget, "my_version = 1")
    press(widget.get_by_role("button", name="Reset"))
    first_line = starting_code(page, 3).splitlines()[0]
    expect(widget.locator(".cm-line").first).to_have_text(first_line)
    expect(widget.locator(".bp-output")).to_contain_text("Undo (Ctrl+Z)")
    widget.locator(".cm-content").focus()
    widget.locator(".cm-content").press("Control+z")
    expect(widget.locator(".cm-content")).to_have_text("my_version = 1")
    widget.locator(".cm-content").press("Control+Shift+Z")
    expect(widget.locator(".cm-line").first).to_have_text(first_line)
    # Back at the starting code, nothing is kept for this cell.
    page.reload()
    expect(cell(page, 3).locator(".cm-line").first).to_have_text(first_line)
    assert not any(k.endswith("#cell-2") for k in stored(page))


def test_full_storage_is_reported_and_editing_goes_on(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = shared_context.new_page()
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"
    )
    hold_python(page)
    page.goto(plain_server + PLAYGROUND)
    widget = cell(page, 1)
    editor = widget.locator(".cm-content")
    editor.focus()
    editor.type("# first")
    news = widget.locator(".bp-toolbar__news")
    expect(news).to_contain_text("Not saved")
    expect(news).to_contain_text("storage for this site is full")
    editor.type(" and more")
    expect(editor).to_contain_text("# first and more")
    expect(news).to_have_count(1)
    close_page(page)
