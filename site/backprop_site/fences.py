"""Find the interactive fences in a lesson: ```python run, ```python lab="id", ```python graph."""

import re
import shlex
from dataclasses import dataclass

FENCE_OPEN = re.compile(r"^(?P<indent>[ ]*)(?P<ticks>`{3,})python[ \t]+(?P<attrs>[^`\n]*)$")
ANY_FENCE_OPEN = re.compile(r"^[ ]*(?P<ticks>`{3,}|~{3,})")
KINDS = ("run", "lab", "graph")


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
    fences, i = [], 0
    while i < len(lines):
        m = FENCE_OPEN.match(lines[i])
        if not m:
            i = _past_other_fence(lines, i)
            continue
        attrs = parse_attrs(m["attrs"], i + 1)
        kinds = [k for k in KINDS if k in attrs]
        indent, ticks = m["indent"], m["ticks"]
        j = i + 1
        while j < len(lines) and lines[j].strip() != ticks:
            j += 1
        if j == len(lines):
            raise FenceError(f"line {i + 1}: this ```python fence is never closed")
        if len(kinds) > 1:
            raise FenceError(f"line {i + 1}: a fence is one of run, lab or graph, not {kinds}")
        if kinds:
            body = [ln[len(indent) :] if ln.startswith(indent) else ln for ln in lines[i + 1 : j]]
            code = "\n".join(body)
            fences.append(Fence(kinds[0], attrs, code, i + 1, i, j + 1, indent))
        i = j + 1
    return fences


def _past_other_fence(lines: list[str], i: int) -> int:
    """The index after line i, or after the whole fence line i opens (what it shows is not a widget:
    the authors' guide shows lab fences inside ````markdown fences)."""
    m = ANY_FENCE_OPEN.match(lines[i])
    if not m:
        return i + 1
    ticks = m["ticks"]
    for j in range(i + 1, len(lines)):
        closing = lines[j].strip()
        if closing.startswith(ticks) and set(closing) == {ticks[0]}:
            return j + 1
    return len(lines)
