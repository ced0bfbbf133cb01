"""The repo's engine in Pyodide: a million-node chain runs backward and is freed without a crash."""

from playwright.sync_api import Browser, expect

from tests.e2e.runtime_support import cell, open_cells_page, run

CHAIN = """from engine import Value
v = Value(0.0)
for _ in range(1_000_000):
    v = v + 1
v.backward()
print("backward", v.data, v.grad)
del v  # freeing the chain used to overflow the browser's stack after ~1,500 links
print("freed")"""


def test_a_million_node_chain_backward_and_free(browser: Browser, plain_server: str) -> None:
    page = open_cells_page(browser, plain_server)
    out = run(cell(page, 1), CHAIN)
    expect(out).to_contain_text("backward 1000000.0 1.0")
    expect(out).to_contain_text("freed")
    expect(page.locator("html")).to_have_attribute("data-python", "ready")
    page.context.close()
