"""axe-core (pinned in package.json, read from node_modules: never a CDN) run in a page against the
WCAG 2.0, 2.1 and 2.2 A and AA rules: the violations it finds, as lines a failing test can show."""

from pathlib import Path

from playwright.sync_api import Page

from tests.repo import ROOT
from tests.site_server import SITE

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
# Every widget of the page is drawn (main.js; the load event comes before half of them).
MOUNTED = "html[data-widgets='mounted']"
# The views every page is audited in: a desktop in light and dark, and a phone.
VIEWS = {
    "1280 light": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "light"},
    "1280 dark": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "dark"},
    "390": {"viewport": {"width": 390, "height": 844}, "color_scheme": "light"},
}


def site_pages() -> list[str]:
    """Every page of the built site, as a path from its root ("/", "/gpt/tokens/")."""
    return sorted(
        "/" + "".join(f"{part}/" for part in p.relative_to(SITE).parent.parts)
        for p in SITE.rglob("index.html")
        if "assets" not in p.parts
    )


def silent_worker(route) -> None:
    """A worker that never answers: the page stays as it is before Python starts."""
    route.fulfill(body="", content_type="text/javascript")


def axe_run(page: Page, within: str = "body") -> list[dict]:
    """axe-core's violations inside `within` (a selector), as it reports them."""
    if not page.evaluate("Boolean(window.axe)"):
        page.evaluate(
            Path(AXE).read_text()
        )  # evaluated, not a <script>: the page's CSP allows no inline script
    run = "([within, tags]) => axe.run(within, {runOnly: {type: 'tag', values: tags}})"
    return page.evaluate(f"{run}.then((r) => r.violations)", [within, WCAG_AA])


def axe_violations(page: Page, within: str = "body") -> list[str]:
    """Each rule axe-core finds broken inside `within` (a selector), with the elements that break it."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in axe_run(page, within)
    ]
