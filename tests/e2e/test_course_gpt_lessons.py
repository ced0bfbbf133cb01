"""Module 7's first lesson in the page: the worker has the shipped names, and the counting model's
cells print the losses the text states. (Module 7's labs are held to their graders' word by
test_labs_contract.py; every cell of its lessons runs in CPython in tests/gpt/test_lesson_cells.py.)"""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import cell, close_page, open_page, output, run_cell


def test_tokens_lesson_counts_the_shipped_names_in_the_page(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = open_page(shared_context, plain_server + "/gpt/tokens/")
    for contains, expected in (
        ("load_names()", "5163 names: 4647 to train on, 516 held out"),
        ("def show_token", "BOS e m m a  -> BOS"),
        ("Counter(pairs(train))", "bigram, held-out names: 2.3429"),
    ):
        target = cell(page, contains)
        run_cell(target)
        expect(output(target)).to_contain_text(expected)
    close_page(page)
