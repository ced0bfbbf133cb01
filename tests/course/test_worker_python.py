"""The course's worker modules in CPython: plot data, the training demo, swapping the engine's source."""

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from diagrams import charts as plot
from training import moons_trainer as training
from training.loop import SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_chart_pairs_x_with_each_series_and_leaves_gaps_for_what_cannot_be_drawn() -> None:
    data = plot.chart([1, 2, 3], [1.0, float("nan"), 3.0], [0.1, 0.0, -1], labels=["a"], logy=True)
    assert data["x"] == [1.0, 2.0, 3.0]
    assert data["series"][0] == {"label": "a", "values": [1.0, None, 3.0]}
    assert data["series"][1]["values"] == [0.1, None, None]  # not positive: no place on a log axis
    json.dumps(data, allow_nan=False)


def test_chart_of_one_list_counts_along_x_and_reads_values() -> None:
    from engine import Value

    data = plot.chart([Value(3.0), Value(1.5)])
    assert data["x"] == [0.0, 1.0]
    assert data["series"][0]["values"] == [3.0, 1.5]


def test_chart_explains_mismatched_lengths() -> None:
    with pytest.raises(plot.PlotError, match="x has 2 numbers but series 1 has 3"):
        plot.chart([1, 2], [1, 2, 3])


def test_score_agrees_with_the_engine_model() -> None:
    from engine.nn import MLP

    model = MLP(2, [4, 3, 1], seed=5)
    for x in ([0.3, -1.2], [2.0, 0.5], [-0.7, 0.1]):
        assert training.score(model, x) == pytest.approx(model(x).data, abs=1e-12)


def test_short_training_streams_steps_pictures_and_a_result() -> None:
    events: list[dict] = []
    settings = {**training.DEMO, "steps": 6, "samples": 20, "hidden": [4]}
    result = training.train(events.append, **settings, picture_every=3)
    assert result["ok"] and result["steps"] == 6
    kinds = [e["event"] for e in events]
    assert kinds == ["start"] + ["step"] * 6 + ["done"]
    steps = events[1:-1]
    assert [e["step"] for e in steps] == list(range(1, 7))
    assert [("boundary" in e) for e in steps] == [True, False, True, False, False, True]
    assert len(steps[0]["boundary"]["scores"]) == training.GRID**2
    assert steps[0]["learning_rate"] == 1.0 and steps[-1]["learning_rate"] < 1.0
    json.dumps(events, allow_nan=False)


def test_settings_out_of_range_are_refused_in_words() -> None:
    settings = {**training.DEMO, "hidden": [0]}
    with pytest.raises(SettingsError, match="neurons"):
        training.train(lambda e: None, **settings, picture_every=5)


@pytest.mark.slow
def test_demo_settings_reach_full_accuracy() -> None:
    """The live training page's Demo settings (tests/e2e/test_course_training.py) reach 100%."""
    result = training.train(lambda e: None, **training.DEMO, picture_every=1000)
    assert result["accuracy"] == 1.0


SWAP = textwrap.dedent(
    """
    import json, sys
    sys.path.insert(0, sys.argv[1])  # a copy of engine/, which the module rewrites
    from backprop_worker import engine_source as source
    from engine import Value

    out = {}
    text = source.files()["value.py"]
    broken = text.replace('"*", (other.data, self.data))', '"*", (self.data, other.data))')
    out["edited"] = broken != text
    out["apply"] = source.apply({"value.py": broken})
    import engine
    a, b = engine.Value(2.0), engine.Value(5.0)
    (a * b).backward()
    out["broken_grad"] = a.grad
    out["bad"] = source.apply({"value.py": text + "\\ndef oops(:\\n"})
    out["unknown"] = source.apply({"../evil.py": ""})
    out["restore"] = source.restore()
    import engine.nn
    a, b = engine.Value(2.0), engine.Value(5.0)
    (a * b).backward()
    out["restored_grad"] = a.grad
    out["nn_uses_new_value"] = engine.nn.Value is engine.Value
    print(json.dumps(out))
    """
)


def test_engine_source_applies_reports_and_restores(tmp_path: Path) -> None:
    # A copy of engine/: the module rewrites the files it loads, and the repo's must stay as they are.
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-c", SWAP, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["edited"]
    assert out["apply"] == {"ok": True, "changed": ["value.py"]}
    assert out["broken_grad"] == 2.0  # the swapped local gradients, as the learner's edit says
    assert not out["bad"]["ok"] and out["bad"]["error"]["type"] == "SyntaxError"
    assert "engine/value.py" in out["bad"]["error"]["traceback"]
    assert not out["unknown"]["ok"]
    assert out["restore"] == {"ok": True, "changed": []}
    assert out["restored_grad"] == 5.0
    assert out["nn_uses_new_value"]
