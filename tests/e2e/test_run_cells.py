"""Run cells: code runs in the worker with the repo's engine, and prints to the Output log."""

from playwright.sync_api import Page, expect


def wait_for_python(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=30_000)


def test_home_cell_runs_the_seed_example(page: Page, plain_server: str) -> None:
    page.goto(plain_server + "/")
    wait_for_python(page)
    cell = page.locator(".bp-run").first
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("log", name="Output")).to_contain_text("dL/da = 4.0")
