"""axe-core (pinned in package.json, read from node_modules: never a CDN) run in a page against the
WCAG 2.0, 2.1 and 2.2 A and AA rules: the violations it finds, as lines a failing test can show."""

from playwright.sync_api import BrowserContext, Page

from tests.e2e.learner import after_two_frames, until
from tests.repo import ROOT
from tests.site_server import SITE

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
# Every widget of the page is drawn (main.js; the load event comes before half of them).
MOUNTED = "html[data-widgets='mounted']"
# The views every page is audited in: a desktop in light and dark, and a phone.
VIEWS: dict[str, dict] = {
    "1280 light": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "light"},
    "1280 dark": {"viewport": {"width": 1280, "height": 900}, "color_scheme": "dark"},
    "390": {"viewport": {"width": 390, "height": 844}, "color_scheme": "light"},
}
# Dark mode changes colours only (Material's slate palette and our [data-md-color-scheme=slate] rules
# set colours, never layout, names or roles): there the rules about colour are the ones that can differ,
# and running only them saves half of that view's audit.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
RULES_BY_VIEW = {"1280 dark": COLOUR_RULES}
# WCAG's reflow (1.4.10) and text resize (1.4.4): at 320 px wide, and at 200% zoom of a 1280 px window (a
# 640 px wide layout: zoom halves the CSS pixels), nothing may make the page scroll sideways or be cut off.
REFLOW_WIDTHS = {"320 px": 320, "200% zoom": 640}


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


def with_axe(context: BrowserContext) -> None:
    """axe-core in every page the context opens, from the start (an init script: the pages' CSP allows no
    inline <script>, so add_script_tag cannot add it; parsed by each page anyway, as axe_run would)."""
    context.add_init_script(path=AXE)


def axe_run(page: Page, within: str = "body", rules: list[str] | None = None) -> list[dict]:
    """axe-core's violations inside `within` (a selector), as it reports them: of the WCAG AA rules, or
    of those of `rules` only."""
    if not page.evaluate("Boolean(window.axe)"):
        page.evaluate(AXE.read_text())  # evaluated, not a <script>: the page's CSP allows no inline script
    # Violations only: axe-core then skips the details of what passed (a third faster here).
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": WCAG_AA}
    run = "([within, only]) => axe.run(within, {runOnly: only, resultTypes: ['violations']})"
    return page.evaluate(f"{run}.then((r) => r.violations)", [within, only])


def in_view(page: Page, view: str) -> None:
    """Show the open page as VIEWS[view] would (its size and colour scheme) without reloading it: the
    scheme is switched as Material's palette toggle does, on the body. Not by emulating the preferred
    scheme: Material answers that change a moment later with the palette it stored at load, which would
    switch the page back (seen: a dark audit that ran in light)."""
    options = VIEWS[view]
    page.set_viewport_size(options["viewport"])
    scheme = "slate" if options["color_scheme"] == "dark" else "default"
    page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
    after_two_frames(page)  # a box that starts to scroll at this width is in the tab order from its frame on
    shown = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert shown == scheme, f"the page switched itself to {shown} in the view {view}"


def axe_violations(page: Page, within: str = "body", rules: list[str] | None = None) -> list[str]:
    """Each rule axe-core finds broken inside `within` (a selector), with the elements that break it."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in axe_run(page, within, rules)
    ]


def audit_views(page: Page, within: str, state: str, found: dict[str, list[str]]) -> None:
    """axe-core inside `within` in every view (the page resized and recoloured in place, one load for
    three audits; in dark, the colour rules), into found[f"{state}, {view}"], with what does not fit in
    that view or at the widths of REFLOW_WIDTHS; the page back in the first view after."""
    for view in VIEWS:
        in_view(page, view)
        broken = axe_violations(page, within, RULES_BY_VIEW.get(view))
        found[f"{state}, {view}"] = reflow_problems(page) + broken
    reflow_views(page, state, found)
    in_view(page, next(iter(VIEWS)))


# What does not fit the width, where a reader cannot reach it: the page's own sideways scroll, and any box
# drawn past the right edge outside a box that scrolls on its own (a wide table, a diagram's scroller).
# What is not shown does not count: KaTeX's MathML copy (for screen readers), the shapes inside an SVG (its
# box clips them), anything hidden or transparent (Material's closed search results).
STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth, out = [];
  const page = document.documentElement.scrollWidth;
  if (page > width) out.push(`the page scrolls sideways (${page} px in ${width} px)`);
  const fits = (box) => box.getBoundingClientRect().right <= width + 1;
  const scrolls = (box) => ["auto", "scroll"].includes(getComputedStyle(box).overflowX) && fits(box);
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right <= width + 1 || r.width <= 1 || r.height <= 1) continue;
    if (el.ownerSVGElement || el.closest(".katex-mathml")) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    let box = el.parentElement;  // the nearest box that scrolls on its own and itself fits
    while (box && box !== document.body && !scrolls(box)) box = box.parentElement;
    if (box && box !== document.body) continue;
    const name = el.id ? `#${el.id}` : `.${[...el.classList].join(".")}`;
    const tag = el.tagName.toLowerCase() + (name === "." ? "" : ` ${name}`);
    out.push(`<${tag}> ends at ${Math.round(r.right)} px`);
    if (out.length > 5) break;
  }
  return out;
}"""


def reflow_problems(page: Page) -> list[str]:
    """What does not fit the page's width now (STICKING_OUT); empty when it all fits. The widgets redraw for
    a new width when the browser reports the resize: waited for, up to a few seconds."""
    until(page, f"({STICKING_OUT})().length === 0", timeout=5)
    return page.evaluate(STICKING_OUT)


def reflow_views(page: Page, state: str, found: dict[str, list[str]]) -> None:
    """The open page at every width of REFLOW_WIDTHS, into found[f"{state}, {width}"]: what does not fit."""
    height = page.viewport_size["height"] if page.viewport_size else 900
    for name, width in REFLOW_WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        found[f"{state}, {name}"] = reflow_problems(page)


def broken_views(found: dict[str, list[str]]) -> str:
    """The states and views of found with a violation, one a line; empty when there is none."""
    return "\n".join(f"{where}: {broken}" for where, broken in found.items() if broken)


# Text alternatives ------------------------------------------------------------------------------------

# Every picture inside `within` (an SVG, a canvas, an element of role img, 40 px or more, not inside a
# button, a link or Material's chrome) that is not hidden from screen readers: those with no accessible
# name, and those drawn from numbers (in a widget) whose numbers are in no table of their widget nor in
# their name; with `started` false, a widget whose table says it has "No numbers yet" passes.
WORDLESS = r"""([within, started]) => {
  const out = [];
  for (const el of document.querySelector(within).querySelectorAll("svg, canvas, [role=img]")) {
    const chrome = "button, a, label, .md-header, .md-nav, .md-footer, .md-search, [aria-hidden=true]";
    if (el.closest(chrome)) continue;
    if (el.parentElement.closest("svg, [role=img]")) continue;  // a part of a picture named as a whole
    const r = el.getBoundingClientRect();
    if (r.width < 40 || r.height < 40) continue;
    const by = el.getAttribute("aria-labelledby");
    const name = el.getAttribute("aria-label") || (by && document.getElementById(by)?.textContent)
      || el.querySelector(":scope > title")?.textContent || "";
    const what = `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`;
    if (!name.trim()) {
      out.push(`${what} has no name`);
      continue;
    }
    const widget = el.closest(".bp-widget, .bp-moons-trainer, .bp-names-trainer, .bp-output__plot");
    const tables = [...(widget?.querySelectorAll("table") ?? [])].map((t) => t.textContent);
    const numbers = tables.some((t) => /\d/.test(t) || (!started && t.includes("No numbers yet")));
    if (widget && !numbers && !/\d/.test(name)) out.push(`${what} "${name}": its numbers are in no table`);
  }
  return out;
}"""


def wordless_pictures(page: Page, within: str = "body", *, started: bool = True) -> list[str]:
    """The pictures inside `within` that a reader who cannot see them would miss (WORDLESS)."""
    return page.evaluate(WORDLESS, [within, started])


# Keyboard only -----------------------------------------------------------------------------------------

# Where the focus is, and whether a ring shows it: the element's own outline or shadow, or (CodeMirror, a
# diagram's node, Material's hidden inputs of the header's toggles) the editor's, the node box's or the
# label's beside it; Material's search field opens the search instead. Null when the focus fell to the
# page's body.
FOCUS = """(target) => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const ring = (e) => {
    if (!e) return false;
    const s = getComputedStyle(e);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
    const stroke = e.matches(".bp-node__box") && parseFloat(s.strokeWidth) >= 3;
    return outline || s.boxShadow !== "none" || stroke;
  };
  const shown = el.matches(":focus-visible")
    && (ring(el) || ring(el.closest(".cm-editor")) || ring(el.querySelector(".bp-node__box"))
        || (el.matches("input.md-option, input.md-toggle") && ring(el.nextElementSibling))
        || (el.matches(".md-search__input") && document.getElementById("__search")?.checked));
  const name = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40);
  return { where: `<${el.tagName.toLowerCase()} class="${el.className.baseVal ?? el.className}"> ${name}`,
           shown, reached: el.matches(target), editor: el.matches(".cm-content") };
}"""


def focus_kept(page: Page, target: str = "*") -> dict:
    """Where the focus is (as FOCUS), after asserting that it is on an element and shown by a ring."""
    focus = page.evaluate(FOCUS, target)
    if focus and not focus["shown"]:  # a ring drawn a moment later (Material opens its search on focus)
        until(page, lambda: (page.evaluate(FOCUS, target) or {}).get("shown"), timeout=2)
        focus = page.evaluate(FOCUS, target)
    assert focus, "the focus fell to the page's body"
    assert focus["shown"], f"the focus on {focus['where']} shows no ring"
    return focus


def tab_to(page: Page, target: str, *, limit: int = 300, back: bool = False) -> int:
    """Press Tab (Shift+Tab if back) until the focus is on target (a CSS selector), checking at every stop
    that the focus is shown; the number of presses. In an editor, Tab indents: Escape first, as the
    editor's help says, to move on from it."""
    key = "Shift+Tab" if back else "Tab"
    for presses in range(1, limit + 1):
        page.keyboard.press(key)
        focus = focus_kept(page, target)
        if focus["reached"]:
            return presses
        if focus["editor"]:
            page.keyboard.press("Escape")
    raise AssertionError(f"{limit} presses of {key} never reached {target}")
