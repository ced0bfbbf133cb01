"""Run cells: code runs in the worker with the repo's engine, and prints to the Output log."""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import cell, close_page, open_page, output, run_cell


def test_home_cell_runs_the_seed_example(shared_context: BrowserContext, plain_server: str) -> None:
    page = open_page(shared_context, plain_server + "/")
    run_cell(cell(page, 1))
    expect(output(cell(page, 1))).to_contain_text("dL/da = 4.0")
    close_page(page)
