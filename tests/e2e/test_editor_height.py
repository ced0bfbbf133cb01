"""An editor keeps its height when it scrolls into view (CodeMirror measures wrapped lines only when
it draws them), so the buttons below it never move under the pointer. HTML only: no Python."""

import pytest
from playwright.sync_api import Page

from tests.e2e.learner import hold_python

# Every editor's height; then each one scrolled into view, three frames later, its height again.
HEIGHTS = """() => [...document.querySelectorAll('.bp-run .cm-editor')]
  .map(e => e.getBoundingClientRect().height)"""
SETTLED = """async (i) => {
  const editor = document.querySelectorAll('.bp-run .cm-editor')[i];
  editor.scrollIntoView({ block: 'center' });
  for (let k = 0; k < 3; k++) await new Promise((done) => requestAnimationFrame(done));
  return editor.getBoundingClientRect().height;
}"""
LINE_HEIGHT = "(line) => Math.round(line.getBoundingClientRect().height)"


@pytest.fixture(scope="module")
def tab(tab: Page) -> Page:
    """The module's tab (conftest), without Python."""
    hold_python(tab)
    return tab


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", ["/engine/source/", "/designs/two-designs/", "/nn/training-loop/"])
def test_editors_keep_their_height_when_scrolled_into_view(
    tab: Page, plain_server: str, path: str, width: int
) -> None:
    page = tab
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(plain_server + path)
    page.locator(".bp-run .cm-editor").first.wait_for()
    before = page.evaluate(HEIGHTS)
    assert before
    after = [page.evaluate(SETTLED, i) for i in range(len(before))]
    changed = [(i, b, a) for i, (b, a) in enumerate(zip(before, after)) if abs(a - b) > 0.5]
    assert changed == [], f"editors (index, before, after) changed height on {path} at {width} px"


def test_code_keeps_its_indentation_on_a_phone(tab: Page, plain_server: str) -> None:
    """The whole model (gpt/model.py, lesson 7.7) at 390 px: no line wraps (a wrapped line loses its
    indentation); the long ones scroll sideways inside the editor, never the page."""
    page = tab
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(plain_server + "/gpt/train-names/")
    # Held by its element: CodeMirror draws only the lines near the screen, so "class GPT" may not be
    # in the page once the editor has scrolled.
    model = page.locator(".bp-run").filter(has_text="class GPT").locator(".cm-editor").element_handle()
    model.scroll_into_view_if_needed()
    heights = model.evaluate(f"(e) => [...e.querySelectorAll('.cm-line')].map({LINE_HEIGHT})")
    assert len(heights) > 60, "the model's lines are drawn"
    assert len(set(heights)) == 1, f"line heights {set(heights)}: some lines wrap"
    # The long lines scroll sideways inside the editor.
    assert model.evaluate("(e) => e.querySelector('.cm-scroller').scrollWidth > e.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
