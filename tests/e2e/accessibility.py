"""axe-core (pinned in package.json, read from node_modules: never a CDN) run in a page against the
WCAG 2.0, 2.1 and 2.2 A and AA rules: the violations it finds, as lines a failing test can show."""

from pathlib import Path

from playwright.sync_api import Page

from tests.repo import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def axe_violations(page: Page, within: str = "body") -> list[str]:
    """Each rule axe-core finds broken inside `within` (a selector), with the elements that break it."""
    if not page.evaluate("Boolean(window.axe)"):
        page.evaluate(
            Path(AXE).read_text()
        )  # evaluated, not a <script>: the page's CSP allows no inline script
    run = "([within, tags]) => axe.run(within, {runOnly: {type: 'tag', values: tags}})"
    found = page.evaluate(f"{run}.then((r) => r.violations)", [within, WCAG_AA])
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in found
    ]
