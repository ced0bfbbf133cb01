"""Course order has one source, `nav` in mkdocs.yml: lesson numbers, numbered titles, the home page's
course map and lesson references are made from it.

Each top-level section of nav is a module, numbered from 1; its pages are its lessons, "2.4" (or "5."
when a module has one lesson). Top-level pages (Home, Scratchpad) are not numbered.
In a lesson, `[](../micrograd/value-class.md)` becomes "2.4 The Value class",
`[#](../micrograd/value-class.md)` becomes "2.4" and `[#module](../micrograd/value-class.md)` "2",
so prose never carries a number that goes stale.
"""

import posixpath
import re
from dataclasses import dataclass

from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import get_markdown_title, meta

from backprop_site.fences import code_lines

MAP_MARKER = '<div class="bp-course-map"></div>'
REFERENCE = re.compile(r"\[(#|#module)?\]\((?P<target>[^()\s#]+\.md)(?P<anchor>#[^()\s]*)?\)")
# A number written by hand in prose: "lesson 2.4", "lessons 2.1", "module 5", "modules 4 to 6".
HAND_NUMBER = re.compile(r"\b(?:[Ll]essons?|[Mm]odules?)\s+\d")
CODE_SPAN = re.compile(r"((`+).*?\2)")  # split() yields text, span, its backticks, text, ...


class CourseError(ValueError):
    """Course order written by hand, or a map that names what nav does not have; starts with file:line."""


@dataclass
class Lesson:
    """A page of nav with its number ("2.4", "5." or "" when it is not in a module) and its own title."""

    src_uri: str
    number: str
    title: str
    module: str

    @property
    def numbered_title(self) -> str:
        return f"{self.number} {self.title}" if self.number else self.title


@dataclass
class Module:
    number: int
    title: str
    lessons: list[Lesson]


def own_title(page: Page) -> str:
    """The page's title as its author wrote it: front matter `title`, else its first # heading."""
    markdown, data = meta.get_data(page.file.content_string)
    return str(data.get("title") or get_markdown_title(markdown) or page.file.name)


class Course:
    """The modules and lessons of nav, in order."""

    def __init__(self, nav: Navigation) -> None:
        self.modules: list[Module] = []
        self.lessons: dict[str, Lesson] = {}
        for item in nav.items:
            if isinstance(item, Section):
                pages = [p for p in _pages(item)]
                module = Module(len(self.modules) + 1, item.title, [])
                for n, page in enumerate(pages, 1):
                    number = f"{module.number}." if len(pages) == 1 else f"{module.number}.{n}"
                    lesson = Lesson(page.file.src_uri, number, own_title(page), item.title)
                    module.lessons.append(lesson)
                    self.lessons[lesson.src_uri] = lesson
                self.modules.append(module)
            elif isinstance(item, Page):
                self.lessons[item.file.src_uri] = Lesson(item.file.src_uri, "", own_title(item), "")

    def number_titles(self, nav: Navigation) -> None:
        """Every lesson's title (nav, footer, browser tab) numbered like the course map."""
        for page in nav.pages:
            lesson = self.lessons.get(page.file.src_uri)
            if lesson and lesson.number:
                page.title = lesson.numbered_title

    def course_map(self, src_uri: str, blurbs: dict) -> str:
        """The home page's map as Markdown: each module, its blurb, its lessons (linked from src_uri)."""
        unknown = sorted(set(blurbs) - {m.title for m in self.modules})
        if unknown:
            raise CourseError(
                f"front matter `modules:` names {', '.join(map(repr, unknown))}, which is not a section of "
                "nav in mkdocs.yml"
            )
        lines = ['<div class="bp-course-map" markdown>', ""]
        for module in self.modules:
            blurb = blurbs.get(module.title)
            lines.append(f"{module.number}. **{module.title}**" + (f": {blurb}" if blurb else ""))
            for lesson in module.lessons:
                lines.append(f"    - [{lesson.numbered_title}]({_link(src_uri, lesson.src_uri)})")
        return "\n".join([*lines, "", "</div>"])

    def write_references(self, markdown: str, src_uri: str, where: str, first_line: int) -> str:
        """[](lesson.md) -> its numbered title, [#](lesson.md) -> its number; hand-written numbers stop
        the build. where is the lesson's file as errors name it; first_line its markdown's first line."""
        out = []
        lines = markdown.split("\n")
        code = code_lines(lines)
        for n, line in enumerate(lines):
            if n in code:
                out.append(line)
                continue
            parts = CODE_SPAN.split(line)
            text = []
            for i, part in enumerate(parts):
                if i % 3:  # a code span (1), or its backticks again (2)
                    text.append(part if i % 3 == 1 else "")
                    continue
                found = HAND_NUMBER.search(REFERENCE.sub("", part))
                if found:
                    raise CourseError(
                        f"{where}:{first_line + n}: '{found[0]}…' is a number written by hand; link the "
                        "lesson as [#](its-file.md) (its number) or [](its-file.md) (number and title), "
                        "([#module](its-file.md) for its module's number), so it follows nav"
                    )
                line_no = first_line + n
                text.append(REFERENCE.sub(lambda m, at=line_no: self._reference(m, src_uri, where, at), part))
            out.append("".join(text))
        return "\n".join(out)

    def _reference(self, m: re.Match, src_uri: str, where: str, line: int) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), m["target"]))
        lesson = self.lessons.get(target)
        if lesson is None:
            raise CourseError(f"{where}:{line}: {m[0]} links to {target}, which is not a page of nav")
        if m[1] and not lesson.number:
            raise CourseError(f"{where}:{line}: {m[0]}: {target} has no number (it is not in a module)")
        if m[1] == "#module":
            text = lesson.number.split(".")[0]
        else:
            text = lesson.number.rstrip(".") if m[1] == "#" else lesson.numbered_title
        return f"[{text}]({m['target']}{m['anchor'] or ''})"


def _pages(section: Section) -> list[Page]:
    found = []
    for child in section.children:
        if isinstance(child, Page):
            found.append(child)
        elif isinstance(child, Section):
            found += _pages(child)
    return found


def _link(from_src: str, to_src: str) -> str:
    return posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")
