"""Download my code on the home page, in Chromium: a learner who passed the engine labs gets a zip whose
microgpt.py trains on their engine with plain Python and whose notebooks hold their code; a fresh browser
gets the course's engine, said so; code that cannot go in the engine is named and kept in the notebook;
a Python that cannot start gets a message and changes nothing. The panel passes axe in each state."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from lab_checks import grading
from learner_engine.assemble import PIECES
from learner_engine.download import FOLDER
from tests.e2e.accessibility import axe_violations
from tests.e2e.learner import close_page, labs_in_site, new_context, open_page

pytestmark = pytest.mark.browser
HOME = "/"
MY_CELL = ("/slopes/nudge-it/#cell-0", "print('my first cell, changed')\n")


@pytest.fixture
def home(shared_context: BrowserContext, isolated_server: str):
    opened = open_page(shared_context, isolated_server + HOME, python=False)
    yield opened
    close_page(opened)


@pytest.fixture
def home_without_python(browser: Browser, isolated_server: str):
    """The home page in a fresh profile whose every request for Pyodide fails, from the first one: no
    HTTP cache, saved memory of Python or early start can bring Python in (a shared profile's can)."""
    context = new_context(browser)
    context.route("**/assets/pyodide/**", lambda route: route.abort())
    yield open_page(context, isolated_server + HOME, python=False)
    context.close()


def seed(page: Page, code: dict[str, str], cells: dict[str, str]) -> None:
    """This browser as a learner's who passed these labs with this code and changed these cells."""
    where = labs_in_site()
    progress = {"labs": {lab: {"passed": True, "at": "2026-12-04T08:00:00.000Z"} for lab in code}}
    stored = {f"{where[lab]}#{lab}": text for lab, text in code.items()} | cells
    page.evaluate(
        """([progress, stored]) => {
          localStorage.setItem("backprop-lab:progress", progress);
          for (const [where, text] of Object.entries(stored))
            localStorage.setItem("backprop-lab:code:" + where, text);
        }""",
        [json.dumps(progress), stored],
    )
    page.reload()


def download_code(page: Page, folder: Path) -> tuple[Path, str]:
    """Press Download my code; the zip unpacked in folder, and what the panel then says."""
    with page.expect_download(timeout=120_000) as download:
        button = page.get_by_role("button", name="Download my code")
        button.focus()
        page.keyboard.press("Enter")
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    news = page.get_by_role("region", name="Your work").get_by_role("status").last
    expect(news).to_have_attribute("data-kind", "done")
    zipfile.ZipFile(path).extractall(folder)
    return folder / FOLDER, news.inner_text()


def test_a_learners_engine_goes_home_and_trains_with_plain_python(home: Page, tmp_path: Path) -> None:
    seed(home, {lab: grading.load(lab).SOLUTION for lab, _, _ in PIECES}, dict([MY_CELL]))
    folder, said = download_code(home, tmp_path)
    assert "your engine (7 of its 7 pieces yours" in said and "your code in 8 cells" in said, said
    value = (folder / "my_engine" / "value.py").read_text()
    assert "yours, from lab value-ops" in value and "yours, from lab iterative-topo" in value
    done = subprocess.run(
        [sys.executable, "-E", "-s", "microgpt.py", "--steps", "20"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "step    20: loss" in done.stdout and done.stdout.splitlines()[-1].startswith("names: ")
    notebook = json.loads((folder / "01-slopes.ipynb").read_text())
    assert MY_CELL[1] in [cell["source"] for cell in notebook["cells"]]
    assert axe_violations(home, ".bp-backup") == []


def test_a_fresh_browser_gets_the_courses_engine_and_broken_code_is_named(home: Page, tmp_path: Path) -> None:
    _, said = download_code(home, tmp_path / "fresh")
    assert "the course's engine (pass the engine labs to make it yours)" in said, said
    assert "notebooks of the course's cells (you have changed none yet)" in said, said
    code = {lab: grading.load(lab).SOLUTION for lab, _, _ in PIECES} | {"adam": "def adam_step(params:\n"}
    seed(home, code, {})
    folder, said = download_code(home, tmp_path / "broken")
    assert "6 of its 7 pieces yours" in said and "Your code of lab adam could not go in the engine" in said
    assert (
        "# adam_step(): the course version of lab adam" in (folder / "my_engine" / "gpt_parts.py").read_text()
    )
    sources = [
        c["source"] for c in json.loads((folder / "07-a-gpt-that-invents-names.ipynb").read_text())["cells"]
    ]
    assert code["adam"] in sources


def test_a_python_that_cannot_start_gets_a_message_and_changes_nothing(home_without_python: Page) -> None:
    home = home_without_python
    seed(home, {"value-ops": grading.load("value-ops").SOLUTION}, dict([MY_CELL]))
    before = home.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    home.get_by_role("button", name="Download my code").click()
    news = home.get_by_role("region", name="Your work").get_by_role("status").last
    expect(news).to_have_attribute("data-kind", "error", timeout=120_000)
    expect(news).to_contain_text("Your code could not be put in a zip:")
    expect(news).to_contain_text("Nothing was changed; try again.")
    expect(home.get_by_role("button", name="Download my code")).to_be_enabled()
    assert home.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == before
    assert axe_violations(home, ".bp-backup") == []
