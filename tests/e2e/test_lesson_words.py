"""Words the course keeps to, checked on the built pages: one notation for rates (d, never ∂), and
micrograd and Karpathy's video linked where a page names micrograd. HTML only."""

import re

import pytest

from tests.site_server import SITE

PAGES = sorted(p for p in SITE.rglob("index.html") if "assets" not in p.parts and "authors" not in p.parts)
MICROGRAD = "https://github.com/karpathy/micrograd"


def text(page) -> str:
    return page.read_text()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.relative_to(SITE).as_posix())
def test_rates_are_written_with_d_and_micrograd_is_linked_where_named(page) -> None:
    html = text(page)
    assert "∂" not in html and "\\partial" not in html, "∂ is never introduced: the course writes d"
    article = html[html.find("<article") : html.find("</article>")]
    prose = re.sub(r"<(script|code|pre|h1)\b.*?</\1>", "", article, flags=re.S)
    if re.search(r"\bmicrograd\b", re.sub(r"<[^>]+>", " ", prose)):
        assert MICROGRAD in html, "a page that names micrograd links its repository"


def test_the_course_links_karpathys_video_where_it_introduces_micrograd() -> None:
    for page in ("index.html", "designs/two-designs/index.html"):
        assert "https://www.youtube.com/watch?v=VMj-3S1tku0" in (SITE / page).read_text()
