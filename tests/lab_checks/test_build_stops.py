"""The build stops on each mistake an author can make, naming the file and line to fix (paths relative
to the course's folder); the same small course, unbroken, builds."""

import html
import re
import shutil
from pathlib import Path

import pytest
from backprop_site.fences import find_fences

from tests.lab_checks.small_course import ROOT, SmallCourse

GRADER = "lab_checks/slope.py"
LESSON = "lessons/slopes/nudge-it.md"


@pytest.fixture
def course(tmp_path: Path) -> SmallCourse:
    return SmallCourse(tmp_path)


def stops(course: SmallCourse, where: str, *words: str) -> str:
    built = course.build()
    assert not built.ok, "the build did not stop"
    assert f"{where}:" in built.errors, built.errors
    line = next(line for line in built.errors.splitlines() if f"{where}:" in line)
    for word in words:
        assert word in line, built.errors
    return built.errors


def test_the_small_course_builds_with_numbers_from_nav(course: SmallCourse) -> None:
    built = course.build()
    assert built.ok, built.errors
    home = course.html("")
    assert (
        '<a href="slopes/nudge-it/">1. Nudge it</a>' in home and '<a href="more/first/">2.1 First</a>' in home
    )
    assert home.index("2.1 First") < home.index("2.2 Second")
    lesson = course.html("slopes/nudge-it")
    assert 'See lesson <a href="../../more/second/">2.2</a>' in lesson
    assert "<title>1. Nudge it" in lesson
    assert "2.1 First" in lesson  # the footer's Next


def test_the_map_marker_in_code_stays_code(course: SmallCourse) -> None:
    marker = '<div class="bp-course-map"></div>'
    course.edit("lessons/more/first.md", "More text.", f"Put `{marker}` on a line:\n\n```html\n{marker}\n```")
    assert course.build().ok
    main = course.html("more/first").split('role="main">')[1].split("<footer")[0]
    assert '&lt;div class="bp-course-map"&gt;&lt;/div&gt;' in main and "2.2 Second" not in main


def test_a_markdown_example_holding_a_fence_is_code_to_its_own_closing_fence(course: SmallCourse) -> None:
    example = (
        '````markdown\nSee lesson 1 in [](gone.md).\n\n```python\nprint("module 2")  # [#](second.md)\n```\n'
        "Still the example: [](gone.md).\n````\n\nAfter it, lesson [#](second.md) is prose again."
    )
    course.edit("lessons/more/first.md", "More text.", example)
    built = course.build()
    assert built.ok, built.errors
    main = course.html("more/first").split('role="main">')[1].split("<footer")[0]
    assert 'After it, lesson <a href="../second/">2.2</a> is prose again.' in main
    text = html.unescape(re.sub(r"<[^>]*>", "", main))  # the example as highlighted code, in words
    assert 'print("module 2")  # [#](second.md)' in text and text.count("[](gone.md)") == 2


def test_failing_solution(course: SmallCourse) -> None:
    course.edit(GRADER, '{f"slope(f, {x})": 2 * a * x + b}', '{f"slope(f, {x})": 2 * a * x + b + 1}')
    line = course.line_of(GRADER, '@check("the slope of a parabola')
    errors = stops(course, f"{GRADER}:{line}", "SOLUTION fails the check")
    assert f"{LESSON}:7" in errors  # the lab's fence
    assert "expected" in errors and "got" in errors  # the failing case as a table


def test_crashing_check(course: SmallCourse) -> None:
    course.edit(GRADER, "    k = round(rng.uniform(0.5, 1.5), 2)\n", "    k = {}[0.5]\n")
    line = course.line_of(GRADER, "k = {}[0.5]")
    stops(course, f"{GRADER}:{line}", "crashed", "KeyError")


def test_passing_mistake(course: SmallCourse) -> None:
    course.edit(
        GRADER,
        "MISTAKES = [\n",
        'MISTAKES = [\n    Mistake(\n        "a mistake that is right",\n'
        '        mutate(SOLUTION, "How fast", "So fast"),\n        "It is not wrong.",\n    ),\n',
    )
    line = course.line_of(GRADER, '"a mistake that is right"')
    stops(course, f"{GRADER}:{line}", "passes every check")


def test_mistake_that_earns_another_mistakes_feedback(course: SmallCourse) -> None:
    course.edit(
        GRADER,
        "MISTAKES = [\n",
        'MISTAKES = [\n    Mistake(\n        "same as divides by h",\n'
        '        mutate(SOLUTION, "/ (2 * h)", "/ h "),\n        "Divided by h.",\n    ),\n',
    )
    line = course.line_of(GRADER, '"divides by h"')  # the later one never gets its feedback
    stops(course, f"{GRADER}:{line}", "not its own")


def test_passing_starting_code(course: SmallCourse) -> None:
    course.edit(LESSON, "    return 0.0  # your code here", "    return (f(x + h) - f(x - h)) / (2 * h)")
    stops(course, f"{LESSON}:7", "starting code passes")


def test_hidden_cases_that_never_change(course: SmallCourse) -> None:
    course.edit(
        GRADER, "def exponential(rng) -> Case:\n", "def exponential(rng) -> Case:\n    rng = Fixed()\n"
    )
    course.write(
        GRADER, course.read(GRADER) + "\n\nclass Fixed:\n    def uniform(self, a, b):\n        return a\n"
    )
    line = course.line_of(GRADER, '@check("the slope of an exponential')
    stops(course, f"{GRADER}:{line}", "same case from every seed")


def test_duplicate_lab_id(course: SmallCourse) -> None:
    lab = course.read(LESSON).split("## Lab\n\n")[1]
    course.write("lessons/more/second.md", course.read("lessons/more/second.md") + "\n" + lab)
    second = "lessons/more/second.md:" + str(course.line_of("lessons/more/second.md", 'lab="slope"'))
    built = course.build()
    assert not built.ok
    (line,) = [line for line in built.errors.splitlines() if "already used at" in line]
    assert second in line and f"{LESSON}:7" in line, built.errors  # both places, whichever came first


def test_lab_without_grader_and_grader_without_lab(course: SmallCourse) -> None:
    course.edit(LESSON, 'lab="slope"', 'lab="no-such-lab"')
    stops(course, f"{LESSON}:7", "has no grader", "lab_checks/no_such_lab.py")
    course.edit(LESSON, 'lab="no-such-lab"', 'lab="slope"')
    course.write("lessons/more/first.md", "# First\n\nNo lab here.\n\n## A part\n")
    (course.folder / "lab_checks" / "orphan.py").write_text((course.folder / GRADER).read_text())
    stops(course, "lab_checks/orphan.py:1", "grader without a lab")


def test_broken_link(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", "More in [there](nowhere.md).")
    stops(course, "lessons/more/first.md:7", "nowhere.md")


def test_broken_anchor(course: SmallCourse) -> None:
    course.edit("lessons/more/second.md", "first.md#a-part", "first.md#no-part")
    stops(course, "lessons/more/second.md:3", "no-part")


def test_absolute_link(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", "More at [home](/more/second/).")
    stops(course, "lessons/more/first.md:7", "absolute link")


def test_lesson_outside_nav(course: SmallCourse) -> None:
    course.write("lessons/more/third.md", "# Third\n\nForgotten in nav.\n")
    stops(course, "lessons/more/third.md:1", "outside nav")


def test_number_written_by_hand(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", "More text, as in\nlesson 1.2.")
    stops(course, "lessons/more/first.md:8", "written by hand")


def test_reference_to_a_page_outside_nav(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", "See [#](../nowhere.md).")
    stops(course, "lessons/more/first.md:7", "not a page of nav")


def test_front_matter_moves_the_lines_named(course: SmallCourse) -> None:
    solved = course.read(LESSON).replace("return 0.0", "return (f(x + h) - f(x - h)) / (2 * h)")
    course.write(LESSON, "---\ntitle: Nudge it\n---\n" + solved)
    stops(course, f"{LESSON}:10", "starting code passes")


def test_fence_never_closed(course: SmallCourse) -> None:
    course.write("lessons/more/first.md", "---\ntitle: First\n---\n# First\n\n```python run\nx = 1\n")
    stops(course, "lessons/more/first.md:6", "never closed")


def test_graph_block_that_raises(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", "```python graph\na = Value(1.0)\nb = a / 0\n```")
    stops(course, "lessons/more/first.md:9", "ZeroDivisionError")


def test_run_cell_of_a_file_that_is_not_there(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", '```python run\n--8<-- "gpt/nowhere.py"\n```')
    stops(course, "lessons/more/first.md:8", "Snippet at path 'gpt/nowhere.py' could not be found")


def test_run_cell_of_a_file_is_a_snippet(course: SmallCourse) -> None:
    course.write("gpt/model.py", 'print("a file")\n')
    course.edit("lessons/more/first.md", "More text.", '```python run\nx = 1\n--8<-- "gpt/model.py"\n```')
    built = course.build()
    assert built.ok, built.errors
    assert '"code":"x = 1\\nprint(\\"a file\\")"' in course.html("more/first")


def test_run_cell_with_attributes(course: SmallCourse) -> None:
    course.edit("lessons/more/first.md", "More text.", '```python run file="gpt/model.py"\n```')
    stops(course, "lessons/more/first.md:7", "a run fence takes no attributes", '--8<-- "')


def test_starting_code_whose_demo_lines_fail_with_the_solution(course: SmallCourse) -> None:
    # filled_in() puts SOLUTION's slope() into the starting code; the demo line then still raises
    end = "    return 0.0  # your code here\n"
    course.edit(LESSON, end, end + "\n\nprint(slope(f, 3))\n")
    stops(course, f"{LESSON}:7", "demo lines raise NameError")


def test_drifted_starting_code(course: SmallCourse) -> None:
    """A class lab whose starting code lost a given method (`__rmul__`) that a correct answer relies on."""
    shutil.copy(ROOT / "lab_checks" / "value_ops.py", course.folder / "lab_checks" / "value_ops.py")
    lesson = (ROOT / "lessons" / "micrograd" / "value-class.md").read_text()
    (fence,) = [f for f in find_fences(lesson) if f.attrs.get("lab") == "value-ops"]
    rmul = "    def __rmul__(self, other):  # 2 * a\n        return self * other\n\n"
    assert rmul in fence.code
    drifted = fence.code.replace(rmul, "").rstrip("\n")
    course.write("lessons/more/first.md", f'# First\n\n## A\n\n```python lab="value-ops"\n{drifted}\n```\n')
    stops(course, "lessons/more/first.md:5", "drifted apart")


def test_module_description_for_a_module_nav_does_not_have(course: SmallCourse) -> None:
    course.write(
        "lessons/index.md", "---\nmodules:\n  Gone: an old module.\n---\n" + course.read("lessons/index.md")
    )
    stops(course, "lessons/index.md:1", "'Gone'", "not a section of nav")


def test_module_numbers_and_descriptions_come_from_nav(course: SmallCourse) -> None:
    course.write(
        "lessons/index.md", "---\nmodules:\n  More: the rest.\n---\n" + course.read("lessons/index.md")
    )
    course.edit("lessons/more/first.md", "More text.", "As in module [#module](../slopes/nudge-it.md).")
    built = course.build()
    assert built.ok, built.errors
    assert "<strong>More</strong>: the rest." in course.html("")
    assert 'As in module <a href="../../slopes/nudge-it/">1</a>.' in course.html("more/first")
