"""Download my code, in CPython: the zip unpacks to a folder where `python microgpt.py --steps 20` trains
the GPT on the learner's engine and prints names; every notebook is valid nbformat 4, holds the learner's
code where they wrote it, and runs top to bottom; code that cannot go in the engine stays in the notebook."""

import ast
import base64
import copy
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

from lab_checks import grading
from learner_engine.assemble import PIECES
from learner_engine.download import FOLDER, download
from tests.repo import BUILD

NOTEBOOK_MAP = BUILD / "site" / "assets" / "backprop" / "notebooks.json"
ENGINE_LABS = [lab for lab, _, _ in PIECES]
MY_CELL = "print('my own cell, from the site')"


@pytest.fixture(scope="module")
def modules() -> list[dict]:
    """notebooks.json of the built site, as the page fills it: every lab with its reference solution (the
    learner's, say), and the first run cell with the learner's own line."""
    if not NOTEBOOK_MAP.exists():
        pytest.exit("build/site is missing: run `make build` (or `make test`) first", returncode=2)
    found = json.loads(NOTEBOOK_MAP.read_text())["modules"]
    first = True
    for cell in (c for m in found for lesson in m["lessons"] for c in lesson["cells"]):
        if cell.get("kind") == "lab":
            cell.update(code=grading.load(cell["id"]).SOLUTION, mine=True)
        elif cell.get("kind") == "run" and first:
            cell.update(code=MY_CELL, mine=True)
            first = False
    return found


def unpack(result: dict, folder: Path) -> Path:
    zipfile.ZipFile(io.BytesIO(base64.b64decode(result["zip"]))).extractall(folder)
    return folder / FOLDER


def run(folder: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Plain CPython in the folder: no PYTHONPATH, no user site-packages, nothing of this repository."""
    return subprocess.run(
        [sys.executable, "-E", "-s", *args], cwd=folder, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def unpacked(modules: list[dict], tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    saved = {lab: grading.load(lab).SOLUTION for lab in ENGINE_LABS}
    mark = "    # __add__ as I wrote it in the lab\n"
    saved["value-ops"] = saved["value-ops"].replace("    def __add__", mark + "    def __add__", 1)
    result = download(saved, ENGINE_LABS, modules, "2026-12-04")
    return result, unpack(result, tmp_path_factory.mktemp("download"))


@pytest.mark.slow
def test_microgpt_trains_on_the_learners_engine_with_plain_python(unpacked: tuple[dict, Path]) -> None:
    result, folder = unpacked
    assert result["name"] == "backprop-lab-code-2026-12-04.zip"
    assert all(piece["yours"] for piece in result["pieces"]) and result["left_out"] == {}
    assert "# __add__ as I wrote it in the lab" in (folder / "my_engine" / "value.py").read_text()
    done = run(folder, "microgpt.py", "--steps", "20", "--samples", "5")
    assert done.returncode == 0, done.stderr
    assert "4,192 parameters; training 20 steps" in done.stdout
    assert "step    20: loss" in done.stdout
    names = done.stdout.strip().splitlines()[-1]
    assert names.startswith("names: "), done.stdout
    assert len(ast.literal_eval(names.removeprefix("names: "))) == 5, done.stdout
    readme = (folder / "README.md").read_text()
    assert "    python microgpt.py --steps 1000\n" in readme and "python -m notebook" in readme
    assert "7 of its 7 pieces are yours" in readme
    assert "US Census Bureau" in (folder / "NAMES.md").read_text()
    assert len((folder / "names.txt").read_text().split()) == 5163


def test_every_notebook_is_nbformat_4_and_holds_the_learners_code(
    unpacked: tuple[dict, Path], modules: list[dict]
) -> None:
    _, folder = unpacked
    files = sorted(folder.glob("*.ipynb"))
    assert [f.name for f in files] == sorted(m["file"] for m in modules) and len(files) == len(modules) >= 8
    sources = []
    for path in files:
        book = nbformat.reads(path.read_text(), as_version=4)
        nbformat.validate(book)  # raises on anything the nbformat 4 schema refuses
        assert book.nbformat == 4
        sources += [cell.source for cell in book.cells if cell.cell_type == "code"]
    assert MY_CELL in sources
    for lab in ("value-ops", "adam"):
        assert grading.load(lab).SOLUTION in sources, lab
    text = "\n".join(sources)
    assert "--8<--" not in text  # the engine page's files and the names page's model are there in full


@pytest.mark.slow
def test_every_notebook_runs_top_to_bottom_in_plain_python(unpacked: tuple[dict, Path]) -> None:
    """Each notebook's code cells in order in one namespace, as Jupyter runs them, with no Jupyter."""
    _, folder = unpacked
    script = """
import json, sys, traceback
failed = []
for path in sys.argv[1:]:
    scope = {"__name__": "__main__"}
    for cell in json.load(open(path))["cells"]:
        if cell["cell_type"] == "code":
            try:
                exec(compile(cell["source"], f"{path}:{cell['id']}", "exec"), scope)
            except Exception as e:
                failed.append(f"{path}:{cell['id']}: {type(e).__name__}: {e}")
print(json.dumps(failed))
"""
    done = run(folder, "-c", script, *sorted(p.name for p in folder.glob("*.ipynb")))
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    # Lesson 6 asks the learner to add sin() to the engine on the page; its cell says it fails before.
    assert len(failed) == 1, failed
    assert re.fullmatch(
        r"06-the-engine-itself\.ipynb:cell-\d+: AttributeError: .* no attribute 'sin'", failed[0]
    )


def test_code_that_cannot_go_in_the_engine_stays_in_the_notebook_and_the_course_stands_in(
    modules: list[dict], tmp_path: Path
) -> None:
    saved = {lab: grading.load(lab).SOLUTION for lab in ENGINE_LABS}
    saved["linear"] = "def linear(x, w:\n    pass\n"
    one = [
        copy.deepcopy(m)
        for m in modules
        if any(c.get("id") == "linear" for lesson in m["lessons"] for c in lesson["cells"])
    ]
    for cell in (c for lesson in one[0]["lessons"] for c in lesson["cells"]):
        if cell.get("id") == "linear":
            cell.update(code=saved["linear"])
    result = download(saved, ENGINE_LABS, one, "2026-12-04")
    assert list(result["left_out"]) == ["linear"]
    assert "does not parse" in result["left_out"]["linear"]
    folder = unpack(result, tmp_path)
    parts = (folder / "my_engine" / "gpt_parts.py").read_text()
    assert "# linear(): the course version of lab linear" in parts and "def linear(x, w:" not in parts
    assert "Lab `linear`: your code could not go in" in (folder / "README.md").read_text()
    book = nbformat.reads((folder / one[0]["file"]).read_text(), as_version=4)
    assert saved["linear"] in [cell.source for cell in book.cells]


def test_labs_not_passed_ship_the_course_version_marked(modules: list[dict], tmp_path: Path) -> None:
    result = download({"value-ops": "x = 1"}, [], modules[:1], "")
    assert result["name"] == "backprop-lab-code.zip" and not any(p["yours"] for p in result["pieces"])
    folder = unpack(result, tmp_path)
    value = (folder / "my_engine" / "value.py").read_text()
    assert "x = 1" not in value
    for lab in ("value-ops", "backward", "iterative-topo"):
        assert f"the course version of lab {lab}" in value, lab
    assert "0 of its 7 pieces are yours" in (folder / "README.md").read_text()
