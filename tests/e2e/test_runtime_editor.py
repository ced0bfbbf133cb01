"""The code editor: CodeMirror 6 with Python highlighting, line numbers, bracket matching, Tab and
Shift-Tab, undo/redo, Ctrl+Enter to run, keyboard and screen-reader use, light and dark themes."""

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.learner import PLAYGROUND, cell, close_page, open_page, output, set_code


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str) -> Page:
    page = open_page(shared_context, isolated_server + PLAYGROUND)
    yield page
    close_page(page)


def editor(page: Page, n: int = 4) -> Locator:
    return cell(page, n).get_by_role("textbox", name="Python code cell")


def colour(locator: Locator) -> str:
    return locator.evaluate("el => getComputedStyle(el).color")


def test_editing_area_is_a_named_textbox_with_help(page: Page) -> None:
    box = editor(page)
    expect(box).to_have_attribute("contenteditable", "true")
    expect(box).to_have_attribute("aria-multiline", "true")
    help_id = box.get_attribute("aria-describedby")
    expect(page.locator(f"#{help_id}")).to_contain_text("press Escape then Tab to leave the editor")


def test_python_is_highlighted_with_line_numbers(page: Page) -> None:
    set_code(cell(page, 4), "def f(x):\n    return 'text'  # note")
    box = editor(page)
    keyword = box.get_by_text("def", exact=True)
    string = box.get_by_text("'text'", exact=True)
    comment = box.get_by_text("# note", exact=True)
    assert len({colour(keyword), colour(string), colour(comment), colour(box)}) == 4
    numbers = cell(page, 4).locator(".cm-lineNumbers .cm-gutterElement:not([style*='visibility'])")
    expect(numbers).to_have_text(["1", "2"])


def test_brackets_are_matched(page: Page) -> None:
    set_code(cell(page, 4), "total = (1 + (2 * 3))")
    box = editor(page)
    box.press("End")  # just after the last ")"
    expect(cell(page, 4).locator(".cm-matchingBracket")).to_have_count(2)


def test_tab_indents_and_shift_tab_dedents(page: Page) -> None:
    set_code(cell(page, 4), "x = 1")
    box = editor(page)
    box.press("Home")
    box.press("Tab")
    expect(box).to_have_text("    x = 1")
    box.press("Shift+Tab")
    expect(box).to_have_text("x = 1")


def test_new_line_after_colon_indents_four_spaces(page: Page) -> None:
    set_code(cell(page, 4), "for i in range(2):")
    box = editor(page)
    box.press("End")
    box.press("Enter")
    box.type("print(i)")
    expect(box.locator(".cm-line").nth(1)).to_have_text("    print(i)")


def test_undo_and_redo(page: Page) -> None:
    set_code(cell(page, 4), "a = 1")
    box = editor(page)
    # CodeMirror joins typing into the last edit (within 500 ms) unless the cursor moved in between.
    box.press("Home")
    box.press("End")
    box.type("23")
    expect(box).to_have_text("a = 123")
    box.press("Control+z")
    expect(box).to_have_text("a = 1")
    box.press("Control+Shift+Z")
    expect(box).to_have_text("a = 123")
    box.press("Control+z")
    box.press("Control+y")
    expect(box).to_have_text("a = 123")


def test_control_enter_runs_the_cell(page: Page) -> None:
    set_code(cell(page, 4), "print('ran by keyboard')")
    editor(page).press("Control+Enter")
    expect(output(cell(page, 4))).to_have_text("ran by keyboard")


def test_escape_then_tab_leaves_the_editor(page: Page) -> None:
    box = editor(page)
    box.focus()
    box.press("Escape")
    page.keyboard.press("Tab")
    expect(cell(page, 4).get_by_role("button", name="Run")).to_be_focused()


def test_editor_follows_the_dark_palette(page: Page) -> None:
    surface = cell(page, 4).locator(".cm-editor")
    light = surface.evaluate("el => getComputedStyle(el).backgroundColor")
    page.locator("label[title='Switch to dark mode']:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    dark = surface.evaluate("el => getComputedStyle(el).backgroundColor")
    assert dark != light
    code_bg = page.locator(".md-typeset").first.evaluate(
        "el => { const p = document.createElement('pre'); p.style.background = 'var(--md-code-bg-color)';"
        " el.append(p); const c = getComputedStyle(p).backgroundColor; p.remove(); return c; }"
    )
    assert dark == code_bg
    page.locator("label[title='Switch to light mode']:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
