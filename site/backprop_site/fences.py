"""A lesson's fenced code blocks, and among them the interactive ones: ```python run, lab="id", graph."""

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass

# The indent of an opening fence is free: a line scanner does not see the tab or admonition it is in.
FENCE = re.compile(r"^(?P<indent>[ ]*)(?P<mark>`{3,}|~{3,})(?P<info>.*)$")
INTERACTIVE = re.compile(r"^python[ \t]+(?P<attrs>.*)$")  # the info string of a fence that may be one
KINDS = ("run", "lab", "graph")


@dataclass
class Block:
    """A fenced code block: the lines it spans, and its opening line's indent and info string."""

    start: int  # index of the opening line
    end: int  # index one past the closing line (len(lines) when it is never closed)
    indent: str
    info: str
    closed: bool


@dataclass
class Fence:
    """One interactive block: its kind, attributes, code, and where it stands in the lesson."""

    kind: str
    attrs: dict[str, str]
    code: str
    line: int  # 1-based line of the opening fence
    start: int  # index of the opening line
    end: int  # index one past the closing line
    indent: str = ""


class FenceError(ValueError):
    """A fence that cannot be turned into a widget; the message names the line."""


def fenced_blocks(lines: list[str]) -> Iterator[Block]:
    """The fenced code blocks, as CommonMark reads fences; what a fence holds, other fences too, is code."""
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening or (opening["mark"][0] == "`" and "`" in opening["info"]):  # `` ``` `` is inline code
            i += 1
            continue
        # It closes only with its own character (` or ~), at least as many, at most 3 spaces further in,
        # and nothing but whitespace after: a ```` example's ``` lines are its code (the authors' guide).
        mark, indent = opening["mark"], len(opening["indent"])
        closing = re.compile(rf"^[ ]{{0,{indent + 3}}}{re.escape(mark[0])}{{{len(mark)},}}[ \t]*$")
        end = next((j for j in range(i + 1, len(lines)) if closing.match(lines[j])), None)
        closed = end is not None
        yield Block(i, end + 1 if closed else len(lines), opening["indent"], opening["info"].strip(), closed)
        i = end + 1 if closed else len(lines)


def code_lines(lines: list[str]) -> set[int]:
    """The indexes of the lines that are fenced code, fences included."""
    return {n for block in fenced_blocks(lines) for n in range(block.start, block.end)}


def parse_attrs(text: str, line: int) -> dict[str, str]:
    """`run`, `lab="id"`, `graph output="L"` as a dict (a bare word maps to '')."""
    attrs = {}
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise FenceError(f"line {line}: cannot read the fence's attributes ({e})") from None
    for word in words:
        key, _, value = word.partition("=")
        attrs[key] = value
    return attrs


def find_fences(markdown: str) -> list[Fence]:
    """Every fence whose kind is run, lab or graph, in order; other fences are left alone."""
    lines = markdown.split("\n")
    fences = []
    for block in fenced_blocks(lines):
        m = INTERACTIVE.match(block.info)
        if not m:
            continue
        line = block.start + 1
        attrs = parse_attrs(m["attrs"], line)
        kinds = [k for k in KINDS if k in attrs]
        if not block.closed:
            raise FenceError(f"line {line}: this ```python fence is never closed")
        if len(kinds) > 1:
            raise FenceError(f"line {line}: a fence is one of run, lab or graph, not {kinds}")
        if kinds == ["run"] and set(attrs) != {"run"}:
            raise FenceError(
                f"line {line}: a run fence takes no attributes; to show a file of the repository, "
                'put --8<-- "its/path.py" inside the fence'
            )
        if kinds:
            indent = block.indent
            body = [
                ln[len(indent) :] if ln.startswith(indent) else ln
                for ln in lines[block.start + 1 : block.end - 1]
            ]
            fences.append(Fence(kinds[0], attrs, "\n".join(body), line, block.start, block.end, indent))
    return fences
