"""The build fails, naming the lesson file and line, when labs and graders do not match one to one."""

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
from backprop_site import labs

from lab_checks import grading

ROOT = Path(__file__).resolve().parents[2]
GOOD_LAB = '```python lab="slope"\ndef slope(f, x, h=1e-5):\n    return 0.0\n```\n'


def build(tmp_path: Path, pages: dict[str, str]) -> subprocess.CompletedProcess:
    """mkdocs build of a tiny site made of pages, with the backprop plugin; its output."""
    docs = tmp_path / "docs"
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text)
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"site_name: test\ndocs_dir: {docs}\nsite_dir: {tmp_path / 'site'}\nplugins:\n  - backprop\n"
    )
    mkdocs = Path(sys.executable).with_name("mkdocs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [str(mkdocs), "build", "-q", "-f", str(config)], capture_output=True, text=True, env=env
    )


@pytest.fixture(scope="module")
def all_labs_page() -> str:
    """A page with one lab for every grader, so that no grader is an orphan."""
    return "# Labs\n\n" + "".join(f'```python lab="{lab}"\npass\n```\n\n' for lab in grading.lab_ids())


def test_lab_without_grader_names_file_and_line(tmp_path: Path, all_labs_page: str) -> None:
    front_matter = "---\ntitle: front matter moves lines\n---\n"
    page = front_matter + '# A lesson\n\ntext\n\n```python lab="no-such-lab"\npass\n```\n'
    done = build(tmp_path, {"index.md": all_labs_page, "lesson.md": page})
    assert done.returncode != 0
    assert "lesson.md:8: lab 'no-such-lab' has no grader; create lab_checks/no_such_lab.py" in done.stderr


def test_id_used_twice_names_both_places(tmp_path: Path, all_labs_page: str) -> None:
    done = build(tmp_path, {"index.md": all_labs_page, "more/twice.md": "# Twice\n\n" + GOOD_LAB})
    assert done.returncode != 0
    assert "lab id 'slope' is already used at" in done.stderr
    assert "more/twice.md:3" in done.stderr and "index.md:" in done.stderr


def test_grader_without_lab_names_the_grader(tmp_path: Path) -> None:
    done = build(tmp_path, {"index.md": "# Home\n\n" + GOOD_LAB})
    assert done.returncode != 0
    assert "lab_checks/backward.py:1: grader without a lab" in done.stderr
    assert "lab_checks/slope.py" not in done.stderr


def test_incomplete_grader_names_what_it_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "half_done.py").write_text('TITLE = "Half done"\nHINTS = ["only one"]\n')
    monkeypatch.setattr(labs, "LAB_CHECKS", tmp_path)
    with pytest.raises(labs.LabError) as raised:
        labs.LabRegistry().add("half-done", labs.LabPlace("lesson.md", 12))
    message = str(raised.value)
    assert message.startswith("lab_checks/half_done.py: the grader of lab 'half-done' (lesson.md:12)")
    for lacking in ("HINTS must be a list of at least 3", "SOLUTION", "MISTAKES", "no checks"):
        assert lacking in message


def test_problems_of_a_complete_grader_are_none() -> None:
    assert grading.problems(grading.load("slope")) == []
    assert grading.problems(types.ModuleType("empty")) != []
