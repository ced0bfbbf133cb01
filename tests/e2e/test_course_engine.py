"""Lesson 6.1: engine/ in editors; an applied edit changes what the cells compute; Restore undoes it."""

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.accessibility import wordless_pictures
from tests.e2e.learner import cell, close_page, open_page, output, press, run_cell, until, wait_for_python
from tests.repo import ROOT

VALUE_PY = (ROOT / "engine" / "value.py").read_text()
MUL_GRADS = '"*", (other.data, self.data))'
SWAPPED = VALUE_PY.replace(MUL_GRADS, '"*", (self.data, other.data))')
SIN = (
    "\n    def sin(self):\n"
    '        return Value(math.sin(self.data), (self,), "sin", (math.cos(self.data),))\n'
)
SAVED_VALUE_PY = "backprop-lab:code:/engine/source/#engine-value.py"  # the editor's key in localStorage


@pytest.fixture(scope="module")
def page(shared_context: BrowserContext, isolated_server: str):
    """One page for the module: Python boots once, and the tests follow one learner's session."""
    opened = open_page(shared_context, isolated_server + "/engine/source/")
    yield opened
    close_page(opened)


def source(page: Page) -> Locator:
    return page.locator(".bp-engine-source")


def run(page: Page, contains: str, expected: str) -> str:
    """Run the page's cell whose code contains this text; its output once it shows expected."""
    target = cell(page, contains)
    run_cell(target)
    expect(output(target)).to_contain_text(expected)
    return output(target).inner_text()


def apply_value_py(page: Page, text: str) -> None:
    page.get_by_role("textbox", name="engine/value.py").fill(text)
    expect(page.locator(".bp-engine-source__state")).to_contain_text("not applied yet")
    press(page.get_by_role("button", name="Apply changes"))


def test_every_engine_file_is_in_an_editor_and_the_page_starts_on_the_original(page: Page) -> None:
    files = source(page).locator(".bp-engine-source__editor")
    assert sorted(files.evaluate_all("boxes => boxes.map(b => b.dataset.file)")) == sorted(
        p.name for p in (ROOT / "engine").glob("*.py")
    )
    expect(source(page)).to_have_attribute("data-state", "original")
    expect(page.locator(".bp-engine-source__state")).to_have_text("Python is using the original engine.")
    assert "b.grad    2.0000   nudging b    2.0000" in run(page, "def check(", "b.grad")


def test_applying_the_unchanged_files_changes_nothing(page: Page) -> None:
    # The worker compares with the files it unpacked: the text the page embedded must be the same.
    press(page.get_by_role("button", name="Apply changes"))
    expect(page.locator(".bp-engine-source__state")).to_have_text("Python is using the original engine.")
    expect(source(page)).to_have_attribute("data-state", "original")


def test_a_broken_local_gradient_shows_in_the_cells_until_restored(page: Page) -> None:
    apply_value_py(page, SWAPPED)
    expect(source(page)).to_have_attribute("data-state", "edited", timeout=30_000)
    expect(page.locator(".bp-engine-source__state")).to_contain_text("you changed value.py")
    assert "a.grad    3.0000   nudging a    4.0000" in run(page, "def check(", "b.grad")
    press(page.get_by_role("button", name="Restore original"))
    expect(source(page)).to_have_attribute("data-state", "original", timeout=30_000)
    assert "a.grad    4.0000   nudging a    4.0000" in run(page, "def check(", "b.grad")


def test_an_engine_that_does_not_load_is_explained_and_restore_recovers(page: Page) -> None:
    apply_value_py(page, VALUE_PY.replace("    def relu(self):", "    def relu(self)"))
    expect(source(page)).to_have_attribute("data-state", "error", timeout=30_000)
    error = source(page).get_by_role("log", name="Output")
    expect(error).to_contain_text("SyntaxError")
    expect(error).to_contain_text("engine/value.py")
    press(page.get_by_role("button", name="Restore original"))
    expect(source(page)).to_have_attribute("data-state", "original", timeout=30_000)
    assert "b.grad    2.0000" in run(page, "def check(", "b.grad")


def test_a_new_operation_works_in_cells_and_diagrams(page: Page) -> None:
    out = run(page, "x.sin()", "AttributeError")
    assert "'Value' object has no attribute 'sin'" in out
    apply_value_py(page, VALUE_PY.replace("\n    def exp(self):", SIN + "\n    def exp(self):", 1))
    expect(source(page)).to_have_attribute("data-state", "edited", timeout=30_000)
    out = run(page, "x.sin()", "x.grad")
    grad, nudged = (float(v) for v in re.search(r"x\.grad (\S+)\s+nudging (\S+)", out).groups())
    assert abs(grad - nudged) < 1e-6
    expect(cell(page, "x.sin()").locator(".bp-output svg").first).to_be_visible()


def test_edits_survive_a_reload_but_are_not_applied_by_themselves(page: Page) -> None:
    # The editor saves after a short pause; no reload yet, so only that save can store the edit.
    until(page, f"() => (localStorage.getItem('{SAVED_VALUE_PY}') || '').includes('def sin(')", timeout=10)
    page.reload()
    wait_for_python(page)
    expect(page.locator(".bp-engine-source__state")).to_contain_text("Edits in value.py are not applied yet")
    expect(source(page)).to_have_attribute("data-state", "original")
    press(page.get_by_role("button", name="Restore original"))
    expect(page.locator(".bp-engine-source__state")).to_have_text("Python is using the original engine.")


def test_plot_draws_a_chart_in_a_cell(page: Page) -> None:
    target = page.locator("#" + cell(page, "plot(losses").get_attribute("id"))  # its code is about to change
    target.get_by_role("textbox").fill(
        "plot([1, 2, 3], [1, 4, 9], title='Squares', xlabel='x', ylabel='x squared')\n"
    )
    run_cell(target)
    chart = target.locator(".bp-output__plot .bp-chart")
    expect(chart).to_have_attribute("aria-label", "Squares: x squared against x")
    expect(chart.locator("canvas")).to_be_visible()
    numbers = target.get_by_role("group").filter(has_text="Squares as numbers")  # a closed <details>
    numbers.locator("summary").press("Enter")
    expect(numbers.locator("th")).to_have_text(["x", "x squared"])
    expect(numbers.locator("td")).to_have_text(["1", "1", "2", "4", "3", "9"])
    assert wordless_pictures(page, f"#{target.get_attribute('id')}") == []
