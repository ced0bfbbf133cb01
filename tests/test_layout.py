"""The README's Layout section is the tree: every top-level folder and every test layer it names exists,
and none is left out."""

import re
import subprocess

from tests.repo import ROOT


def layout() -> str:
    section = ROOT.joinpath("README.md").read_text().split("## Layout", 1)[1]
    return section.split("```\n", 1)[1].split("\n```\n", 1)[0]


def tracked_folders(under: str = "") -> set[str]:
    command = ["git", "ls-files", *([under] if under else [])]
    files = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    depth = under.count("/")
    return {p.split("/")[depth] + "/" for p in files.splitlines() if p.count("/") > depth}


def test_the_layout_names_every_top_level_folder() -> None:
    named = set(re.findall(r"^(\S+/)", layout(), re.M)) - {"build/"}  # build/ is output, never tracked
    assert named == {f for f in tracked_folders() if not f.startswith(".")}


def test_the_layout_names_every_test_layer() -> None:
    text = " ".join(layout().split("tests/", 1)[1].split("bench/", 1)[0].split())
    assert set(re.findall(r"\b([a-z0-9_]+/)", text)) == tracked_folders("tests/") - {"__pycache__/"}
