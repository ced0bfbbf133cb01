"""Once lesson 2.4 has built the Value class, its attributes keep the engine's (and micrograd's) names:
`_prev` and `_local_grads`, never `children` and `local_grads`, in lessons, labs and their graders."""

import re
from pathlib import Path

import pytest

from tests.repo import ROOT

FIRST = "micrograd/value-class.md"  # the lesson that builds the class

# The other names, used as a Value's attribute, parameter, keyword or named in backticks.
OTHER_NAMES = re.compile(
    r"\.(?:children|local_grads)\b"  # v.children, self.local_grads
    r"|(?<![\w.])local_grads\b"  # any bare local_grads (the engine's is _local_grads)
    r"|[(,]\s*children\s*="  # def __init__(self, data, children=()) or Value(..., children=...)
    r"|`children`"
)


def nav_lessons(root: Path) -> list[str]:
    """The lessons of mkdocs.yml's nav, in the course's order."""
    nav = re.search(r"^nav:\n((?:[ -].*\n)+)", (root / "mkdocs.yml").read_text(), re.M)[1]
    return re.findall(r"^\s+- (?:[^:\n]+: )?(\S+\.md)$", nav, re.M)


def files_from_the_class_on(root: Path) -> list[Path]:
    """Lessons from FIRST on, the graders of their labs, and the authors' guide."""
    lessons = nav_lessons(root)
    pages = [root / "lessons" / p for p in lessons[lessons.index(FIRST) :]]
    labs = [i for p in pages for i in re.findall(r'^```python lab="([\w-]+)"', p.read_text(), re.M)]
    graders = [root / "lab_checks" / f"{i.replace('-', '_')}.py" for i in labs]
    return [*pages, *graders, root / "lessons" / "authors.md"]


def other_names(path: Path) -> list[str]:
    """Each line of path that names a Value's attributes the other way, as 'file:line: text'."""
    return [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if OTHER_NAMES.search(line)
    ]


def test_the_course_is_read_in_nav_order_from_the_value_class_on() -> None:
    files = files_from_the_class_on(ROOT)
    names = [f.relative_to(ROOT).as_posix() for f in files]
    assert names[0] == "lessons/micrograd/value-class.md"
    assert {"lab_checks/value_ops.py", "lab_checks/backward.py", "lab_checks/closure_ops.py"} <= set(names)
    assert "lessons/micrograd/chain-rule.md" not in names  # before the class: its own representation


@pytest.mark.parametrize(
    "line",
    [
        "        self.children = children",
        "    def __init__(self, data, children=(), local_grads=()):",
        "        for child, local in zip(v.children, v.local_grads):",
        "the Values it came from (`children`)",
        "| each result keeps | a tuple of numbers, `local_grads` |",
    ],
)
def test_the_other_names_are_seen(line: str) -> None:
    assert OTHER_NAMES.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "        self._prev = _children",
        "    def __init__(self, data, _children=(), _local_grads=()):",
        "        for child, local in zip(v._prev, v._local_grads):",
        "A Value may pass its gradient on to its children only when",
        "            children = self._prev",
    ],
)
def test_the_engines_names_and_plain_words_pass(line: str) -> None:
    assert not OTHER_NAMES.search(line)


def test_lessons_and_labs_from_the_value_class_on_use_the_engines_names() -> None:
    found = [hit for path in files_from_the_class_on(ROOT) for hit in other_names(path)]
    assert not found, "use _prev and _local_grads, as engine/value.py does:\n" + "\n".join(found)
