"""Driving labs in the page like a learner: put code in the editor, press Check, read the verdict."""

import json
import re

from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import SITE

LAB_ID = re.compile(r'<section class="bp-widget bp-lab"[^>]*\bid="lab-([a-z0-9-]+)"')
VERDICT_TIMEOUT_MS = 20_000


def labs_in_site() -> dict[str, str]:
    """Every lab of the built site: id -> the path of its page."""
    found = {}
    for html in sorted(SITE.rglob("index.html")):
        if "assets" in html.parts:
            continue
        path = ("/" + html.parent.relative_to(SITE).as_posix() + "/").replace("/./", "/").replace("//", "/")
        for lab in LAB_ID.findall(html.read_text()):
            found[lab] = path
    return found


class LabPages:
    """One loaded page per lab page (Python boots once per page), in one browser context."""

    def __init__(self, browser: Browser, server: str) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 1000})
        self.server = server
        self.pages: dict[str, Page] = {}

    def open(self, path: str) -> Page:
        if path not in self.pages:
            page = self.context.new_page()
            page.goto(self.server + path)
            wait_for_python(page)
            self.pages[path] = page
        return self.pages[path]

    def close(self) -> None:
        self.context.close()


def wait_for_python(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-python", re.compile("ready|busy"), timeout=30_000)


def lab_region(page: Page, lab: str) -> Locator:
    return page.locator(f"#lab-{lab}")


def starting_code(region: Locator) -> str:
    return json.loads(region.locator(":scope > script.bp-data").text_content())["code"]


def put_code(region: Locator, code: str) -> None:
    """Replace the editor's text, as a paste would."""
    region.get_by_role("textbox").fill(code)


def check(region: Locator, code: str | None = None, timeout: float = VERDICT_TIMEOUT_MS) -> str:
    """Press Check (after putting code in the editor, if given); the verdict's kind once it arrives."""
    if code is not None:
        put_code(region, code)
    region.get_by_role("button", name="Check").click()
    verdict = verdict_of(region)
    expect(verdict).to_have_attribute("data-verdict", re.compile("pass|fail|error"), timeout=timeout)
    return verdict.get_attribute("data-verdict")


def verdict_of(region: Locator) -> Locator:
    return region.locator(".bp-verdict[role=status]")


def words(text: str) -> str:
    """Text as the page shows it: code marks gone, spaces collapsed."""
    return " ".join(text.replace("`", "").split())
