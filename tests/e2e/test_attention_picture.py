"""The attention picture of lesson "Attention": drawn at build time from the trained GPT (heatmap and
table of weights), and redrawn from the worker's GPT for a name the learner types."""

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, expect

from gpt.attention import attention_map
from gpt.checkpoint import load_checkpoint
from tests.e2e.learner import RUN_TIMEOUT, close_page, open_page, wait_for_python
from tests.site_server import SITE

PATH = "/gpt/attention/"
READY = "figure.bp-attention[data-state='ready']"


@pytest.fixture(scope="module")
def model():
    return load_checkpoint()[0]


def table_rows(figure: Locator) -> list[list[str]]:
    """The table of weights as text, a row per position (its closed <details> holds it: read by text)."""
    rows = figure.locator(".bp-attention__table tbody tr")
    return [rows.nth(i).locator("td").all_text_contents() for i in range(rows.count())]


def expected_rows(model, name: str, head: int = 0) -> list[list[str]]:
    rows = attention_map(model, name)["heads"][head]
    return [[f"{w:.2f}" for w in row] + [""] * (len(rows) - len(row)) for row in rows]


def test_the_page_ships_the_picture_drawn_by_the_trained_gpt(model) -> None:
    html = (SITE / PATH.strip("/") / "index.html").read_text()
    figure = re.search(r'<figure class="bp-widget bp-attention".*?</figure>', html, re.S)[0]
    assert figure.count('class="bp-attention__query"') == 5  # the start, e, m, m, a
    assert figure.count('class="bp-attention__cell bp-attention__cell--future"') == 10  # the future: 4+3+2+1
    last = attention_map(model, "emma")["heads"][0][-1]
    assert f"<td>{last[0]:.2f}</td>" in figure and 'class="bp-attention__table"' in figure


def test_a_typed_name_is_read_by_the_workers_gpt(
    shared_context: BrowserContext, plain_server: str, model
) -> None:
    page = open_page(shared_context, plain_server + PATH, python=False)
    try:
        expect(page.locator(READY)).to_have_attribute("data-source", "build")
        figure = page.locator("figure.bp-attention")
        assert table_rows(figure) == expected_rows(model, "emma")
        name = figure.get_by_label("Name")

        name.fill("jo3")  # refused on the page, before Python
        name.press("Enter")
        expect(page.locator("figure.bp-attention[data-state='error']")).to_be_visible()
        expect(figure.get_by_role("status")).to_contain_text("only the letters a to z")

        wait_for_python(page)
        name.fill("Olivia")
        name.press("Enter")
        live = page.locator("figure.bp-attention[data-state='ready'][data-source='live'][data-name='olivia']")
        expect(live).to_be_visible(timeout=RUN_TIMEOUT)
        assert table_rows(live) == expected_rows(model, "olivia")
        expect(live.locator(".bp-attention__query")).to_have_count(7)

        live.get_by_role("button", name="Head 2").press("Enter")
        expect(page.locator("figure.bp-attention[data-head='2']")).to_be_visible()
        assert table_rows(live) == expected_rows(model, "olivia", 1)
        live.get_by_role("img").focus()
        page.keyboard.press("ArrowUp")
        weight = attention_map(model, "olivia")["heads"][1][5][0]
        expect(live.get_by_role("status")).to_have_text(
            f"Head 2: “i” (position 5) looks at the start (BOS) with weight {weight:.2f}."
        )
    finally:
        close_page(page)
