"""The moons trainer (training.moons_trainer) in CPython: its events, pictures, refusals and accuracy."""

import json

import pytest

from training import moons_trainer
from training.loop import SettingsError


def test_score_agrees_with_the_engine_model() -> None:
    from engine.nn import MLP

    model = MLP(2, [4, 3, 1], seed=5)
    for x in ([0.3, -1.2], [2.0, 0.5], [-0.7, 0.1]):
        assert moons_trainer.score(model, x) == pytest.approx(model(x).data, abs=1e-12)


def test_short_training_streams_steps_pictures_and_a_result() -> None:
    events: list[dict] = []
    settings = {**moons_trainer.DEMO, "steps": 6, "samples": 20, "hidden": [4]}
    result = moons_trainer.train(events.append, **settings, picture_every=3)
    assert result["ok"] and result["steps"] == 6
    kinds = [e["event"] for e in events]
    assert kinds == ["start"] + ["step"] * 6 + ["done"]
    steps = events[1:-1]
    assert [e["step"] for e in steps] == list(range(1, 7))
    assert [("boundary" in e) for e in steps] == [True, False, True, False, False, True]
    assert len(steps[0]["boundary"]["scores"]) == moons_trainer.GRID**2
    assert steps[0]["learning_rate"] == 1.0 and steps[-1]["learning_rate"] < 1.0
    json.dumps(events, allow_nan=False)


def test_settings_out_of_range_are_refused_in_words() -> None:
    settings = {**moons_trainer.DEMO, "hidden": [0]}
    with pytest.raises(SettingsError, match="neurons"):
        moons_trainer.train(lambda e: None, **settings, picture_every=5)


@pytest.mark.slow
def test_demo_settings_reach_full_accuracy() -> None:
    """The live training page's Demo settings (tests/e2e/test_course_training.py) reach 100%."""
    result = moons_trainer.train(lambda e: None, **moons_trainer.DEMO, picture_every=1000)
    assert result["accuracy"] == 1.0
