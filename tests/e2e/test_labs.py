"""Labs as a learner meets them: feedback, hints one at a time, the solution, progress that survives a
reload, and verdicts that stay honest whatever the learner's code does (including never returning)."""

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lab_checks import grading
from tests.e2e.learner import (
    after_two_frames,
    cell,
    check_lab,
    close_page,
    hold_python,
    lab_region,
    let_python_in,
    open_page,
    press,
    put_code,
    run_cell,
    starting_code,
    until,
    verdict_of,
    wait_for_python,
    words,
)

pytestmark = pytest.mark.heavy  # one of the longest modules: it starts first (tests/conftest.py)

# The labs whose whole journey is walked here; the backward lab's (starting code, every known mistake,
# the solution) is test_labs_contract's.
CORE = {
    "slope": "/slopes/nudge-it/",
    "value-ops": "/micrograd/value-class/",
}
SLOPE = grading.load("slope")
WRONG_SLOPE = "def slope(f, x, h=1e-5):\n    return 0.0\n"
FOREVER = "def slope(f, x, h=1e-5):\n    while True:\n        pass\n"
# Never returns either, without keeping a core busy for the whole 10 s budget (the page cannot tell
# the two apart: it ends the Check's Python either way).
ASLEEP = "def slope(f, x, h=1e-5):\n    import time\n    while True:\n        time.sleep(1)\n"
STUBBORN = (  # swallows the KeyboardInterrupt that Stop sends
    "def slope(f, x, h=1e-5):\n    while True:\n        try:\n            while True:\n                pass\n"
    "        except BaseException:\n            pass\n"
)


@pytest.fixture(scope="module")
def slope_page(shared_context: BrowserContext, isolated_server: str):
    """The slope lab, loaded once for the tests that only check code there."""
    page = open_page(shared_context, isolated_server + CORE["slope"])
    yield page
    close_page(page)


def editor_text(region) -> str:
    return region.get_by_role("textbox").evaluate(
        "e => e.cmView ? e.cmView.view.state.doc.toString() : e.innerText"
    )


@pytest.mark.parametrize("lab", CORE)
def test_learner_fails_takes_hints_fixes_and_passes(
    shared_context: BrowserContext, isolated_server: str, lab: str
) -> None:
    grader = grading.load(lab)
    page = open_page(shared_context, isolated_server + CORE[lab])
    region = lab_region(page, lab)
    expect(region).to_have_accessible_name(f"Lab: {grader.TITLE}")

    assert check_lab(region) == "fail"
    expect(verdict_of(region)).to_contain_text("Not yet")
    expect(region.locator(".bp-check[data-passed=false]").first).to_contain_text("Tried:")

    hint = region.get_by_role("button", name="Hint")
    for n in range(1, len(grader.HINTS) + 1):
        press(hint)
        expect(region.locator(".bp-hint")).to_have_count(n)
        expect(region.locator(".bp-hint").last).to_contain_text(f"Hint {n} of {len(grader.HINTS)}")
    expect(hint).to_be_disabled()

    mistake = grader.MISTAKES[0]
    assert check_lab(region, mistake.code) == "fail"
    expect(region.locator(".bp-check__hint").first).to_contain_text("Likely cause")

    assert check_lab(region, grader.SOLUTION) == "pass"
    expect(verdict_of(region)).to_contain_text("Passed")
    expect(region.locator(".bp-lab__passed")).to_contain_text("You passed this lab")

    if lab == "slope":  # one reload proves that progress lasts; the home page test proves it again
        page.reload()
        wait_for_python(page)
        expect(region.locator(".bp-lab__passed")).to_be_visible()
    title = page.locator("h1").first.inner_text().rstrip("¶").strip()
    expect(page.locator("nav a.md-nav__link:has(.bp-nav-done)").filter(has_text=title).first).to_be_attached()
    close_page(page)


def test_the_checks_python_starts_once_the_learner_starts_on_the_lab(
    shared_context: BrowserContext, isolated_server: str
) -> None:
    """A reader runs one Python, even with a lab on screen; the lab's own starts when the learner
    starts on the lab, and the next one when they go on after a Check, not at once. Only the first
    reads Python's saved memory (downloaded, or the unzipped copy an earlier visit of this profile
    kept) and compiles Pyodide's wasm: the others start from the copies the page kept."""
    page = shared_context.new_page()
    boots: list[str] = []  # each Python runs in a worker of its own, and no other worker starts here
    downloads: list[str] = []
    wasm: list[str] = []
    page.on("worker", lambda w: "/worker.js" in w.url and boots.append(w.url))
    page.on("request", lambda r: "/python-snapshot.gz" in r.url and downloads.append(r.url))
    page.on("request", lambda r: "/pyodide.asm.wasm" in r.url and wasm.append(r.url))
    page.goto(isolated_server + "/nn/training-loop/")  # its first cell is near the top, its lab 4,000 px down
    wait_for_python(page)
    region = lab_region(page, "training-loop")
    region.scroll_into_view_if_needed()
    after_two_frames(page)
    run_cell(cell(page, 1))  # a round trip: a Check's Python started with the page's has asked by now
    assert len(boots) == 1, "the Check's Python started for a reader"
    region.get_by_role("textbox").focus()
    until(page, lambda: len(boots) == 2)
    assert len(boots) == 2, "the Check's Python did not start as the learner went to the lab's editor"
    assert check_lab(region, grading.load("training-loop").SOLUTION) == "pass"
    run_cell(cell(page, 1))
    assert len(boots) == 2, "the next Check's Python started before the learner went on"
    region.get_by_role("textbox").focus()
    until(page, lambda: len(boots) == 3)
    assert len(boots) == 3, "the next Check's Python did not start as the learner went back to the editor"
    assert len(downloads) <= 1, downloads
    checks = page.evaluate("performance.getEntriesByName('bp-check-ready').map((m) => m.detail.stages)")
    assert checks and all(c["fromSnapshot"] and c["snapshotFrom"] == "page" for c in checks), checks
    # Nor do they fetch and compile Pyodide's wasm: they instantiate the module the page's compiled.
    assert all(c["wasmFrom"] == "page" for c in checks) and len(wasm) == 1, (checks, wasm)
    close_page(page)


def test_home_shows_progress_and_resets_it(shared_context: BrowserContext, isolated_server: str) -> None:
    page = shared_context.new_page()
    hold_python(page)  # the home page's progress is the browser's own: its Python is not needed
    page.goto(isolated_server + "/")
    line = page.locator(".bp-progress__line")
    expect(line).to_have_text(re.compile(r"^0 of \d+ labs passed$"))
    total = int(line.inner_text().split()[2])
    assert total >= 3

    let_python_in(page)
    page.goto(isolated_server + CORE["slope"])
    wait_for_python(page)
    assert check_lab(lab_region(page, "slope"), SLOPE.SOLUTION) == "pass"

    hold_python(page)
    page.goto(isolated_server + "/")
    expect(line).to_have_text(f"1 of {total} labs passed")
    expect(page.locator('nav a.md-nav__link[href$="nudge-it/"] .bp-nav-done').first).to_be_attached()
    press(page.get_by_role("button", name="Reset progress"))
    press(page.get_by_role("button", name="Forget my progress"))
    expect(line).to_have_text(f"0 of {total} labs passed")
    page.reload()
    expect(line).to_have_text(f"0 of {total} labs passed")
    expect(page.locator(".bp-nav-done")).to_have_count(0)
    close_page(page)


def test_solution_asks_first_shows_both_and_keeps_my_code(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    put_code(region, WRONG_SLOPE)
    press(region.get_by_role("button", name="Solution"))
    expect(region.get_by_role("group", name="Show the solution?")).to_be_visible()
    press(region.get_by_role("button", name="Show the solution"))
    expect(region.locator(".bp-solution__column").first).to_contain_text("return 0.0")
    expect(region.locator(".bp-solution__column").last).to_contain_text("(f(x + h) - f(x - h)) / (2 * h)")

    press(region.get_by_role("button", name="Load the solution into the editor"))
    expect(region.get_by_role("textbox")).to_contain_text("(f(x + h) - f(x - h)) / (2 * h)")
    # In the lab's starting code: its example is kept, and Run prints what it says it should.
    editor = region.get_by_role("textbox")
    expect(editor).to_contain_text("print(slope(f, 3.0))  # should be very close to 14")
    press(region.get_by_role("button", name="Run", exact=True))
    expect(region.get_by_role("log", name="Output")).to_contain_text(re.compile(r"1[34]\.99\d+|14\.0\d*"))
    press(region.get_by_role("button", name="Back to my code"))
    expect(region.get_by_role("textbox")).to_contain_text("return 0.0")

    press(region.get_by_role("button", name="Load the solution into the editor"))
    region.get_by_role("textbox").press("Control+z")
    expect(region.get_by_role("textbox")).to_contain_text("return 0.0")
    press(region.get_by_role("button", name="Close"))
    expect(region.locator(".bp-solution")).to_be_hidden()


def test_errors_show_the_traceback_as_run_cells_do(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    unclosed = "def slope(f, x, h=1e-5):\n    return (f(x + h) - f(x - h) / (2 * h)\n"
    assert check_lab(region, unclosed) == "error"
    expect(verdict_of(region)).to_contain_text("SyntaxError on line 2")
    expect(region.get_by_role("log", name="Output")).to_contain_text("SyntaxError")
    expect(region.locator(".cm-error-line")).to_have_count(1)

    # raised after slope() was defined: graded anyway, the error beside the verdict
    assert check_lab(region, WRONG_SLOPE + "print(undefined_name)\n") == "fail"
    expect(verdict_of(region)).to_contain_text("also raised NameError on line 3")
    output = region.get_by_role("log", name="Output")
    expect(output).to_contain_text('File "your code", line 3')
    expect(output).to_contain_text("NameError")

    assert check_lab(region, "def slope(f, x, h=1e-5):\n    return f(x) / 0\n") == "fail"
    expect(region.locator(".bp-check__error").first).to_contain_text("ZeroDivisionError")


# Learner code after a wrong slope(), and the verdict it must get in the page (tests/lab_checks/test_honest.py
# proves many more in CPython): here what the page adds, the worker's exits and its output cap.
SABOTAGE = {
    "rebinds print, isinstance and abs": (
        "import builtins\nbuiltins.print = lambda *a, **k: None\n"
        "builtins.isinstance = lambda *a: True\nbuiltins.abs = lambda x: 0.0\n",
        "fail",
    ),
    "patches math": ("import math\nmath.isclose = lambda *a, **k: True\nmath.exp = lambda x: 0.0\n", "fail"),
    "patches the engine": (
        "import engine, engine.value\nengine.value.Value.__mul__ = lambda s, o: s\nengine.Value = None\n",
        "fail",
    ),
    "raises SystemExit": ("raise SystemExit(0)\n", "fail"),
    "raises KeyboardInterrupt": ("raise KeyboardInterrupt\n", "error"),
    "raises a BaseException": ("class Boom(BaseException):\n    pass\nraise Boom()\n", "fail"),
    "prints megabytes": ("for i in range(300_000):\n    print('line', i, 'x' * 20)\n", "fail"),
}


def test_sabotage_earns_no_pass_and_the_next_check_works(slope_page: Page) -> None:
    # One after another in one page: a sabotage that broke the page's Checks would change the next verdict.
    region = lab_region(slope_page, "slope")
    for name, (code, expected) in SABOTAGE.items():
        got = check_lab(region, WRONG_SLOPE + code)
        assert got == expected, f"{name}: {got}, {words(verdict_of(region).inner_text())}"
    assert check_lab(region, SLOPE.SOLUTION) == "pass", words(verdict_of(region).inner_text())


def test_stop_during_a_check_and_check_again(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    put_code(region, FOREVER)
    press(region.get_by_role("button", name="Check"))
    expect(verdict_of(region)).to_contain_text("Checking")
    press(region.get_by_role("button", name="Stop"))
    expect(verdict_of(region)).to_have_attribute("data-verdict", "error", timeout=10_000)
    expect(verdict_of(region)).to_contain_text("You stopped the check")
    assert check_lab(region, SLOPE.SOLUTION) == "pass"


def test_time_limit_stops_a_check_that_never_returns(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    assert check_lab(region, ASLEEP, timeout=30_000) == "error"
    expect(verdict_of(region)).to_contain_text("had not finished after 10 s")
    assert check_lab(region, SLOPE.SOLUTION) == "pass"


def test_code_that_ignores_stop_is_stopped_and_the_page_keeps_its_python(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    run_cell(region, "kept = 41\n")
    put_code(region, STUBBORN)
    press(region.get_by_role("button", name="Check"))
    expect(verdict_of(region)).to_contain_text("Checking")
    press(region.get_by_role("button", name="Stop"))
    expect(verdict_of(region)).to_have_attribute("data-verdict", "error", timeout=10_000)
    expect(verdict_of(region)).to_contain_text("You stopped the check")
    assert check_lab(region, SLOPE.SOLUTION, timeout=60_000) == "pass"
    # The Check ran in a Python of its own: ending it cost the lab's own definitions nothing.
    put_code(region, "print(kept + 1)\n")
    run_cell(region)
    expect(region.get_by_role("log", name="Output")).to_have_text("42")


def test_starting_code_is_the_lessons(slope_page: Page) -> None:
    region = lab_region(slope_page, "slope")
    assert "def slope(f, x, h=1e-5):" in starting_code(region)
