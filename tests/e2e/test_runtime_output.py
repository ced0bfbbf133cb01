"""Output streams in as Python prints, stderr looks different, floods are capped, and errors are
explained in the learner's terms with the line marked in the editor."""

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.learner import PLAYGROUND, cell, close_page, open_page, output, run_cell, start_cell, stop_cell


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str) -> Page:
    page = open_page(shared_context, isolated_server + PLAYGROUND)
    yield page
    close_page(page)


def test_engine_runs_in_the_page(page: Page) -> None:
    out = run_cell(cell(page, 1), "from engine import Value\nv = Value(2.0) * 3\nprint(v.data)")
    expect(out).to_have_text("6.0")


def test_printing_streams_line_by_line(page: Page) -> None:
    widget = cell(page, 4)
    # Code that never ends on its own: what it printed can only show while it still runs.
    start_cell(widget, "print('line 1')\nprint('line 2')\nwhile True:\n    pass")
    out = output(widget)
    expect(out).to_contain_text("line 1")
    expect(out).to_contain_text("line 2")
    expect(widget).to_have_attribute("data-running", "true")
    expect(page.locator("html")).to_have_attribute("data-python", "busy")
    stop_cell(widget)
    run_cell(widget, "print('done')")
    expect(widget.locator(".bp-toolbar__news")).to_contain_text("Ran in")


def test_output_is_whole_when_the_cell_says_it_has_finished(page: Page) -> None:
    widget = cell(page, 4)
    # Output is drawn once per frame; what the log holds the moment the cell turns idle must be all of it.
    widget.evaluate(
        """w => new MutationObserver(() => {
             if (w.dataset.running === "false") w.dataset.seenAtEnd = w.querySelector(".bp-output").innerText;
           }).observe(w, { attributeFilter: ["data-running"] })"""
    )
    lines = [f"line {i}" for i in range(8)]
    for _ in range(3):  # a burst of lines right before the end, the moment a frame is least likely
        run_cell(widget, "import time\ntime.sleep(0.2)\nfor i in range(8):\n    print('line', i)")
        assert widget.get_attribute("data-seen-at-end").splitlines() == lines


def test_stderr_is_styled_apart(page: Page) -> None:
    widget = cell(page, 4)
    run_cell(widget, "import sys\nprint('to stdout')\nprint('to stderr', file=sys.stderr)")
    stdout = widget.locator(".bp-output__stdout")
    stderr = widget.locator(".bp-output__stderr")
    expect(stdout).to_have_text("to stdout\n")
    expect(stderr).to_have_text("to stderr\n")
    colour = "el => getComputedStyle(el).color"
    assert stdout.evaluate(colour) != stderr.evaluate(colour)


def test_flood_of_lines_is_capped_with_a_notice(page: Page) -> None:
    widget = cell(page, 4)
    out = run_cell(widget, "for i in range(20_000):\n    print(i)\nprint('the end')")
    expect(out).to_contain_text("Output stops here")
    expect(out).to_contain_text(re.compile(r"1\d,\d{3} more lines \(\d+ kB\) were not shown"))
    shown = widget.locator(".bp-output__stdout").inner_text()
    assert shown.count("\n") <= 2001
    assert "the end" not in shown
    # The page is still usable: the next run replaces the output.
    expect(run_cell(widget, "print('fresh')")).to_have_text("fresh")


def test_traceback_is_in_the_learners_terms(page: Page) -> None:
    first, second = cell(page, 1), cell(page, 2)
    run_cell(first, "def invert(x):\n    return 1 / x")
    out = run_cell(second, "y = 2\ninvert(0)\nprint('not reached')")
    text = out.inner_text()
    assert 'File "your code", line 2, in <module>' in text
    assert 'File "cell 1", line 2, in invert' in text
    assert "ZeroDivisionError: division by zero" in text
    for internal in ("backprop_worker", "/home/pyodide", "<exec>", "pyodide"):
        assert internal not in text
    marked = second.locator(".cm-error-line")
    expect(marked).to_have_count(1)
    expect(marked).to_have_text("invert(0)")
    # Editing clears the mark.
    second.locator(".cm-content").press("End")
    second.locator(".cm-content").type(" ")
    expect(marked).to_have_count(0)


def test_error_inside_the_engine_names_the_engine_file(page: Page) -> None:
    out = run_cell(cell(page, 4), "from engine import Value\nValue(1.0) + 'a'")
    text = out.inner_text()
    assert 'File "your code", line 2' in text
    assert "/home/pyodide" not in text


def test_syntax_error_shows_the_caret(page: Page) -> None:
    widget = cell(page, 4)
    out = run_cell(widget, "a = 1\nb = (a +* 2)\nprint(b)")
    text = out.inner_text()
    assert "SyntaxError: invalid syntax" in text
    lines = text.splitlines()
    code_line = next(n for n, line in enumerate(lines) if "b = (a +* 2)" in line)
    caret = lines[code_line + 1]
    assert caret.strip().startswith("^")
    assert caret.index("^") == lines[code_line].index("*")
    expect(widget.locator(".cm-error-line")).to_have_text("b = (a +* 2)")
    expect(widget.locator(".cm-error-caret")).to_have_text("*")


def test_input_explains_itself(page: Page) -> None:
    out = run_cell(cell(page, 4), "name = input('Your name? ')")
    expect(out).to_contain_text("input() cannot read typing here")
