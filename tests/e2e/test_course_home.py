"""The home page's module map (every lesson in course order, with its labs' progress), Previous/Next from
nav with numbered titles, and what every lesson of the later modules carries: formulas, a summary line."""

import json
import re
from html.parser import HTMLParser

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.learner import hold_python
from tests.site_server import SITE

MY_LESSONS = [
    "nn/neurons/",
    "nn/training-loop/",
    "train/live/",
    "engine/source/",
    "gpt/train-names/",
    "engine/what-next/",
]
PROGRESS_KEY = "backprop-lab:progress"


class Links(HTMLParser):
    """The href and text of every link in the article."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.href: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "a":
            self.href, self.text = dict(attrs).get("href"), ""

    def handle_data(self, data: str) -> None:
        if self.href is not None:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self.href is not None:
            self.links.append((self.href, self.text.strip()))
            self.href = None


def course() -> list[dict]:
    return json.loads((SITE / "assets" / "backprop" / "course.json").read_text())["pages"]


FOOTER_LINK = re.compile(
    r'<a href="([^"]*)" class="md-footer__link md-footer__link--(prev|next)" aria-label="[^:]*: ([^"]*)"'
)


@pytest.mark.parametrize("lesson", MY_LESSONS)
def test_lesson_has_a_summary(lesson: str) -> None:
    html = (SITE / lesson / "index.html").read_text()
    article = html.split('<article class="md-content__inner', 1)[1].split("</article>", 1)[0]
    assert "<strong>In one line:</strong>" in article
    parser = Links()
    parser.feed(article)
    hand_written = [t for _, t in parser.links if re.match(r"(← Previous|Next):", t)]
    assert not hand_written, "Previous/Next come from nav (the footer)"


def test_previous_and_next_follow_nav_with_numbered_titles() -> None:
    pages = course()
    titles = {p["url"]: p["title"] for p in pages}
    for n, page in enumerate(pages):
        html = (SITE / page["url"] / "index.html").read_text()
        found = {kind: (href, title) for href, kind, title in FOOTER_LINK.findall(html)}
        for kind, other in (("prev", n - 1), ("next", n + 1)):
            if 0 <= other < len(pages):
                href, title = found[kind]
                assert (SITE / page["url"] / href).resolve() == (SITE / pages[other]["url"]).resolve()
                assert title == titles[pages[other]["url"]]
            else:
                assert kind not in found
    assert titles["micrograd/value-class/"] == "2.4 The Value class"
    assert titles["train/live/"] == "5. Train it live"


def test_module_map_lists_every_lesson_in_course_order(tab: Page, plain_server: str) -> None:
    page = tab
    hold_python(page)
    page.goto(plain_server + "/")
    course_map = page.locator(".bp-course-map")
    expect(course_map).to_have_attribute("data-ready", "true")
    shown = [
        re.sub(r"^/", "", href)
        for href in course_map.locator("a").evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    ]
    lessons = [p["url"] for p in course() if p["url"] not in ("", "playground/")]
    assert shown == lessons
    assert course_map.locator(".bp-course-map__badge").count() == len(lessons)


def test_module_map_shows_each_lessons_progress(tab: Page, plain_server: str) -> None:
    page = tab
    hold_python(page)
    page.goto(plain_server + "/")
    progress = {"labs": {"neuron": {"passed": True, "at": "2026-01-02T03:04:05Z"}}}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, json.dumps(progress)])
    page.reload()
    course_map = page.locator(".bp-course-map")
    expect(course_map).to_have_attribute("data-ready", "true")

    def badge(title: str):
        link = course_map.get_by_role("link", name=title, exact=True)
        return link.locator("xpath=following-sibling::*[contains(@class, 'bp-course-map__badge')]")

    expect(badge("4.1 A neuron, a layer, an MLP")).to_have_text("✓ lab passed")
    expect(badge("4.1 A neuron, a layer, an MLP")).to_have_attribute("data-state", "done")
    expect(badge("4.2 Loss and the training loop")).to_have_text("lab to do")
    expect(badge("5. Train it live")).to_have_text("no lab")
    # Progress made in another tab arrives without a reload.
    progress["labs"]["training-loop"] = {"passed": True, "at": "2026-01-02T03:05:00Z"}
    page.evaluate(
        """([key, value]) => {
            localStorage.setItem(key, value);
            window.dispatchEvent(new StorageEvent("storage", {key}));
        }""",
        [PROGRESS_KEY, json.dumps(progress)],
    )
    expect(badge("4.2 Loss and the training loop")).to_have_text("✓ lab passed")


def test_formulas_are_typeset_with_fonts_from_this_site(page: Page, plain_server: str) -> None:
    fonts: list[str] = []
    page.on("request", lambda r: "KaTeX_" in r.url and fonts.append(r.url))
    hold_python(page)
    page.goto(plain_server + "/nn/training-loop/")
    formulas = page.locator(".arithmatex")
    expect(formulas.first.locator(".katex")).to_be_visible()
    count = formulas.count()
    assert count >= 4
    assert page.locator(".arithmatex .katex").count() >= count  # every formula typeset
    assert page.locator(".katex-error").count() == 0
    expect(page.locator("div.arithmatex .katex-display").first).to_be_visible()
    page.evaluate("() => document.fonts.ready.then(() => true)")
    assert fonts and all(url.startswith(plain_server) for url in fonts)
