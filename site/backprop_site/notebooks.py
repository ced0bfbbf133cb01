"""The course as notebooks: each lesson's prose and code cells in order, written at build time to
assets/backprop/notebooks.json. "Download my code" fills in the learner's code and makes one Jupyter
notebook per module of it (learner_engine/download.py)."""

import json
import re
from pathlib import Path

from backprop_site.course import MAP_MARKER, Course
from backprop_site.fences import Fence, code_lines

NOTEBOOK_MAP = Path("assets") / "backprop" / "notebooks.json"
SNIPPET = re.compile(r'^\s*--8<--\s+"(?P<path>[^"]+)"\s*$')
ADMONITION = re.compile(r'^(?P<indent>[ ]*)(?:!!!|\?\?\?\+?)\s+(?P<kind>\w+)(?:\s+"(?P<title>[^"]*)")?\s*$')
TAB = re.compile(r'^(?P<indent>[ ]*)===\+?\s+"(?P<title>[^"]*)"\s*$')
LESSON_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?!https?:|mailto:|#)[^)\s]*\)")
WIDGET_DIV = re.compile(
    r'^\s*<div class="bp-(?:attention|sampling|letter-loss|gradient-check|'
    r"moons-trainer|names-trainer|course-map)\b"
)


def lesson_cells(markdown: str, fences: list[Fence], root: Path) -> list[dict]:
    """The lesson's cells in order: {"markdown": text}, or {"code", "id", "kind"} for each run cell
    (its id as the page numbers it), lab (its lab id) and graph, with snippets read from root."""
    lines = markdown.split("\n")
    cells, prose, at = [], [], 0
    for n, fence in enumerate(fences):
        prose += lines[at : fence.start]
        at = fence.end
        cell_id = {"run": f"cell-{n}", "lab": fence.attrs.get("lab", "")}.get(fence.kind, f"graph-{n}")
        _flush(cells, prose, root)
        prose = []
        cells.append({"code": _with_snippets(fence.code, root), "id": cell_id, "kind": fence.kind})
    _flush(cells, prose + lines[at:], root)
    return cells


def write_notebook_map(site_dir: Path, course: Course, pages: list, cells: dict[str, list[dict]]) -> dict:
    """assets/backprop/notebooks.json: {"modules": [{"number", "title", "file", "lessons": [{"url",
    "title", "cells"}]}]}, a module per section of nav; cells by each page's src_uri."""
    urls = {page.file.src_uri: page.url for page in pages}
    modules = [
        {
            "number": module.number,
            "title": module.title,
            "file": f"{module.number:02d}-{_slug(module.title)}.ipynb",
            "lessons": [
                {"url": urls[lesson.src_uri], "title": lesson.numbered_title, "cells": cells[lesson.src_uri]}
                for lesson in module.lessons
                if lesson.src_uri in cells
            ],
        }
        for module in course.modules
    ]
    target = site_dir / NOTEBOOK_MAP
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"modules": modules}, ensure_ascii=False, separators=(",", ":")))
    return {"modules": modules}


def notebook_markdown(lines: list[str]) -> str:
    """Lesson Markdown as a notebook reads it: admonitions and tabs become quoted blocks with their
    title, links to other lessons keep their words, the site's own widgets say they are on the site."""
    code = code_lines(lines)
    out, quote = [], None  # quote: the indent of the admonition or tab being quoted
    for n, line in enumerate(lines):
        if quote is not None and line.strip() and not line.startswith(quote + "    "):
            quote = None
        if n in code:
            out.append(_quoted(line, quote))
            continue
        opening = ADMONITION.match(line) or TAB.match(line)
        if opening:
            title = opening["title"] or opening.groupdict().get("kind", "").capitalize()
            out.append(f"{opening['indent']}> **{title}**" if title else f"{opening['indent']}>")
            quote = opening["indent"]
            continue
        if line == MAP_MARKER or WIDGET_DIV.match(line):
            line = "*(On the course's site, an interactive picture stands here.)*"
        # A blank line ends a quoted paragraph; the quote goes on while the text stays indented.
        out.append(_quoted(LESSON_LINK.sub(r"\g<text>", line), quote) if line.strip() else "")
    return "\n".join(out).strip("\n")


def _quoted(line: str, quote: str | None) -> str:
    if quote is None:
        return line
    return f"{quote}> {line[len(quote) + 4 :]}".rstrip()


def _flush(cells: list[dict], prose: list[str], root: Path) -> None:
    text = notebook_markdown(_with_snippets("\n".join(prose), root).split("\n"))
    if text.strip():
        cells.append({"markdown": text})


def _with_snippets(code: str, root: Path) -> str:
    """Code with each --8<-- "path" line replaced by that file of the repository, at the line's indent."""
    lines = []
    for line in code.split("\n"):
        m = SNIPPET.match(line)
        if not m or not (root / m["path"]).is_file():  # a missing file: snippets stops the build, at its line
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        lines += [
            (indent + text).rstrip() for text in (root / m["path"]).read_text().rstrip("\n").split("\n")
        ]
    return "\n".join(lines)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "module"
