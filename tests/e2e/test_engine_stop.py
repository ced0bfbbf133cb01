"""Stop while Values are being made and freed: always a clean KeyboardInterrupt in the learner's code,
never "Exception ignored ... Value.__del__" and never a restart (issue 11, item 3)."""

from playwright.sync_api import Browser, expect

from tests.e2e.runtime_support import BOOT_TIMEOUT, cell, open_cells_page, output, run, set_code

LOOP = (
    "from engine import Value\nfor i in range(10**9):\n    x = Value(1.0) * 2 + 1\n"
    "    if i == 20_000:\n        print('making and freeing Values')"
)


def test_stop_during_a_value_loop_never_lands_in_the_engine(browser: Browser, isolated_server: str) -> None:
    page = open_cells_page(browser, isolated_server)
    first, second = cell(page, 1), cell(page, 2)
    run(first, "kept = 41")
    set_code(second, LOOP)
    for _ in range(5):
        second.get_by_role("button", name="Run").click()
        expect(page.locator("html")).to_have_attribute("data-python", "busy", timeout=BOOT_TIMEOUT)
        expect(output(second)).to_contain_text("making and freeing Values", timeout=BOOT_TIMEOUT)
        second.get_by_role("button", name="Stop").click()
        expect(second).to_have_attribute("data-running", "false", timeout=BOOT_TIMEOUT)
        expect(output(second)).to_contain_text("Stopped. Your definitions from earlier runs are still there.")
        expect(output(second)).not_to_contain_text("Exception ignored")
        expect(output(second)).not_to_contain_text("AttributeError")
    expect(run(first, "print(kept + 1)")).to_have_text("42")  # never restarted
    page.context.close()
