"""The repo's engine in Pyodide: a chain past the depth that used to crash runs backward and is freed.
(CPython's test_backward.py runs a million-node chain; here the browser's stack is the question.)"""

from playwright.sync_api import BrowserContext, expect

from tests.e2e.learner import PLAYGROUND, cell, close_page, open_page, run_cell

CHAIN = """from engine import Value
v = Value(0.0)
for _ in range(3_000):
    v = v + 1
v.backward()
print("backward", v.data, v.grad)
del v  # freeing the chain used to overflow the browser's stack after ~1,500 links
print("freed")"""


def test_a_chain_past_the_old_crash_depth_runs_backward_and_is_freed(
    shared_context: BrowserContext, plain_server: str
) -> None:
    page = open_page(shared_context, plain_server + PLAYGROUND)
    out = run_cell(cell(page, 1), CHAIN)
    expect(out).to_contain_text("backward 3000.0 1.0")
    expect(out).to_contain_text("freed")
    expect(page.locator("html")).to_have_attribute("data-python", "ready")
    close_page(page)
