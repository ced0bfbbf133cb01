"""The 404 page: its own assets load (no `//assets/...`, a host named "assets"), it has the site's CSP,
and the service worker serves it, working, for unknown pages when offline."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.learner import WATCH_VIOLATIONS, new_context, violations
from tests.site_server import SITE


def test_404_html_is_built_with_site_assets_and_a_policy() -> None:
    html = (SITE / "404.html").read_text()
    assert "//assets" not in html
    assert '<meta http-equiv="Content-Security-Policy"' in html
    assert 'src="/assets/backprop/main.js"' in html


def watch(page: Page) -> list[str]:
    """Requests that failed or were refused, as they happen (not those cut short by leaving the page)."""
    problems: list[str] = []
    page.on(
        "requestfailed", lambda r: "ERR_ABORTED" not in r.failure and problems.append(f"{r.url} {r.failure}")
    )
    page.on(
        "response",
        lambda r: r.status >= 400 and "no-such" not in r.url and problems.append(f"{r.url} {r.status}"),
    )
    return problems


def expect_working_404(page: Page) -> None:
    expect(page.locator("article h1")).to_have_text("404 - Not found")
    # main.js ran (it sets this on every page) and main.css applied (it hides empty outputs etc.)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready")
    assert page.evaluate(
        "[...document.styleSheets].some((s) => s.href && s.href.endsWith('/backprop/main.css'))"
    )
    assert violations(page) == []
    assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1


def test_404_page_works_online_and_offline(browser: Browser, plain_server: str) -> None:
    context = new_context(browser, service_workers="allow")
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    problems = watch(page)
    page.goto(plain_server + "/")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=60_000)
    page.goto(plain_server + "/404.html")
    expect_working_404(page)
    context.set_offline(True)
    page.goto(plain_server + "/no-such-lesson/")
    expect_working_404(page)
    assert problems == []
    context.close()
