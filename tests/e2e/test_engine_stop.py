"""Stop while Values are being made and freed: always a clean KeyboardInterrupt in the learner's code,
never "Exception ignored ... Value.__del__" and never a restart (issue 11, item 3)."""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import (
    BOOT_TIMEOUT,
    PLAYGROUND,
    cell,
    close_page,
    open_page,
    output,
    run_cell,
    set_code,
    start_cell,
    stop_cell,
)

LOOP = (
    "from engine import Value\nfor i in range(10**9):\n    x = Value(1.0) * 2 + 1\n"
    "    if i == 20_000:\n        print('making and freeing Values')"
)


def test_stop_during_a_value_loop_never_lands_in_the_engine(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    page = open_page(shared_context, isolated_server + PLAYGROUND)
    first, second = cell(page, 1), cell(page, 2)
    run_cell(first, "kept = 41")
    set_code(second, LOOP)
    for _ in range(5):
        start_cell(second)
        expect(page.locator("html")).to_have_attribute("data-python", "busy", timeout=BOOT_TIMEOUT)
        expect(output(second)).to_contain_text("making and freeing Values", timeout=BOOT_TIMEOUT)
        stop_cell(second, timeout=BOOT_TIMEOUT)
        expect(output(second)).to_contain_text("Stopped. Your definitions from earlier runs are still there.")
        expect(output(second)).not_to_contain_text("Exception ignored")
        expect(output(second)).not_to_contain_text("AttributeError")
    expect(run_cell(first, "print(kept + 1)")).to_have_text("42")  # never restarted
    close_page(page)
