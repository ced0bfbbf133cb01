"""A grader that lacks a part stops the build with what it lacks (other build errors: test_build_stops.py)."""

import types
from pathlib import Path

import pytest
from backprop_site import labs

from lab_checks import grading


def test_incomplete_grader_names_what_it_lacks(tmp_path: Path) -> None:
    (tmp_path / "lab_checks").mkdir()
    (tmp_path / "lab_checks" / "half_done.py").write_text('TITLE = "Half done"\nHINTS = ["only one"]\n')
    registry = labs.LabRegistry(tmp_path / "lab_checks", tmp_path)
    with pytest.raises(labs.LabError) as raised:
        registry.add("half-done", labs.LabPlace("lessons/lesson.md", 12))
    message = str(raised.value)
    assert message.startswith(
        "lab_checks/half_done.py:1: the grader of lab 'half-done' (lessons/lesson.md:12)"
    )
    for lacking in ("HINTS must be a list of at least 3", "SOLUTION", "MISTAKES", "no checks"):
        assert lacking in message


def test_grader_that_raises_on_import_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text('TITLE = "Broken"\n\nHINTS = undefined_name\n')
    with pytest.raises(labs.LabError) as raised:
        labs.LabRegistry(tmp_path, tmp_path).add("broken", labs.LabPlace("lessons/lesson.md", 3))
    expected = "broken.py:3: the grader of lab 'broken' (lessons/lesson.md:3) raised"
    assert str(raised.value).startswith(expected)


def test_problems_of_a_complete_grader_are_none() -> None:
    assert grading.problems(grading.load("slope")) == []
    assert grading.problems(types.ModuleType("empty")) != []


def test_one_registry_maps_ids_and_files() -> None:
    assert grading.registry.module_stem("value-ops") == "value_ops"
    assert grading.registry.lab_id_of("lab_checks.value_ops") == "value-ops"
    assert grading.registry.grader_file("value-ops").name == "value_ops.py"
    assert "value-ops" in grading.lab_ids()
    verdict = grading.grade(grading.load("value-ops"), "pass")
    assert verdict["lab"] == "value-ops"
