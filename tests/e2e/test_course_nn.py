"""Module 4's lessons in the page: their cells print what the text says they print, and their diagrams
carry the gradients the text talks about. (Their labs are held to their graders' word by
test_labs_contract.py, like every lab of the site.)"""

import re

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.e2e.learner import cell, close_page, open_page, output, run_cell


def run(page: Page, contains: str, expected: str) -> str:
    """Run the page's cell whose code contains this text; its output once it shows expected."""
    target = cell(page, contains)
    run_cell(target)
    expect(output(target)).to_contain_text(expected)
    return output(target).inner_text()


def node_row(page: Page, figure: int, label: str) -> Locator:
    # The table sits in a closed <details>: found by its text, not by role (hidden from roles).
    return (
        page.locator("figure.bp-graph")
        .nth(figure)
        .locator("tbody tr")
        .filter(has=page.locator("th", has_text=re.compile(f"^{re.escape(label)}$")))
    )


def test_neuron_lesson_numbers_agree_with_the_engine(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = open_page(shared_context, plain_server + "/nn/neurons/")
    # The diagram: each weight's gradient is its input; the bias gets 1.
    for label, grad in (("w1", "2"), ("w2", "-1"), ("b", "1"), ("out", "1")):
        expect(node_row(page, 0, label).locator('td[data-field="grad"]')).to_have_text(grad)
    out = run(page, "from engine.nn import Neuron", "grads")
    assert "out = 0.5" in out and "[2.0, -1.0, 1.0]" in out
    out = run(page, "from engine.nn import MLP", "parameters")
    assert "13 parameters" in out
    drawn = page.locator(".bp-run").filter(has_text="show(out)").locator(".bp-output svg")
    expect(drawn.first).to_be_visible()
    labels = drawn.first.locator(".bp-node__label").all_text_contents()
    assert {"L1n1.w1", "L1n1.b", "x1", "x2", "L2n1.w3", "out"} <= set(labels)  # not values or "#5"
    assert not [label for label in labels if label.startswith("#")]
    close_page(page)


def test_training_loop_lesson_cells_show_descent_and_piling_gradients(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = open_page(shared_context, plain_server + "/nn/training-loop/")
    for label, grad in (("w", "-2"), ("b", "-1"), ("loss", "1")):
        expect(node_row(page, 0, label).locator('td[data-field="grad"]')).to_have_text(grad)
    out = run(page, "lr = 0.1", "step 9")
    last = float(re.search(r"step 9: .* then w = ([\d.]+)", out)[1])
    assert 2.5 < last < 3.0  # creeping up to 3
    out = run(page, "for attempt in range(3)", "number 3")
    assert re.findall(r"is (-[\d.]+)", out) == ["-6.0", "-12.0", "-18.0"]
    out = run(page, "make_moons(8", "label")
    assert len(re.findall(r"label [+-]1", out)) == 8
    close_page(page)
