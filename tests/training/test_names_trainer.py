"""The names trainer (training.names_trainer) does what the lesson says, and the
lesson's numbers are the checkpoint's: its first samples, its losses, its names; from scratch it retraces
the checkpoint."""

import contextlib
import io
import math
import re

import pytest

from gpt.checkpoint import load_checkpoint
from gpt.names import load_names, split_names
from gpt.train import training_order
from tests.repo import ROOT
from training import names_trainer
from training.loop import SettingsError

LESSON = (ROOT / "lessons" / "gpt" / "train-names.md").read_text()


class Enough(Exception):
    """Raised by a send() to end a run after a few steps."""


@pytest.fixture(autouse=True)
def fresh_state():
    names_trainer.state.clear()
    yield
    names_trainer.state.clear()


def first_steps(n: int, **settings) -> list[dict]:
    """The step events of a run, ended after n of them."""
    events: list[dict] = []

    def send(event: dict) -> None:
        events.append(event)
        if sum(e["event"] == "step" for e in events) == n:
            raise Enough

    defaults = {"mode": "scratch", "steps": 1000, "learning_rate": 0.01, "temperature": 0.5}
    with pytest.raises(Enough):
        names_trainer.train(send, **{**defaults, "sample_every": 2, "count": 3, **settings})
    return [e for e in events if e["event"] == "step"]


def test_from_scratch_1000_steps_at_001_retrace_the_checkpoint() -> None:
    _, record = load_checkpoint()
    steps = first_steps(3)
    assert [round(s["loss"], 4) for s in steps] == record["loss_per_step"][:3]
    assert steps[1]["names"] and len(steps[1]["names"]) == 3
    assert names_trainer.story()["origin"] == "scratch" and names_trainer.story()["trained"] == 3


def test_another_seed_starts_another_gpt_and_continuing_keeps_its_order() -> None:
    from gpt.model import GPT

    steps = first_steps(2, seed=7)
    assert names_trainer.story()["seed"] == 7
    first = GPT(seed=7).parameters()[0].data
    assert first != GPT(seed=42).parameters()[0].data  # seed 7's weights, not the checkpoint recipe's
    assert [s["name"] for s in steps] == training_order(7)[:2] != training_order(42)[:2]
    more = first_steps(1, mode="continue", steps=10)
    assert more[0]["step"] == 3 and more[0]["name"] == training_order(7)[2]
    with pytest.raises(SettingsError, match="^The seed must be a whole number from 0 to 2,147,483,647"):
        names_trainer.train(lambda e: None, mode="scratch", seed=-1)


def test_continue_starts_from_the_checkpoint_and_counts_on() -> None:
    assert names_trainer.story()["trained"] == 1000
    steps = first_steps(2, mode="continue", steps=10)
    assert [s["step"] for s in steps] == [1001, 1002]
    assert steps[0]["learning_rate"] == 0.01 and steps[1]["learning_rate"] == pytest.approx(0.009)


def test_sample_names_first_press_gives_the_checkpoints_own_samples() -> None:
    _, record = load_checkpoint()
    answer = names_trainer.sample(temperature=record["samples"]["temperature"], count=10, seed=0)
    assert answer["names"] == record["samples"]["names"]
    assert (answer["origin"], answer["trained"]) == ("checkpoint", 1000)


def test_settings_it_cannot_use_are_explained() -> None:
    with pytest.raises(SettingsError, match="^The temperature"):
        names_trainer.sample(temperature=0)
    with pytest.raises(SettingsError) as bad:
        names_trainer.train(
            lambda e: None,
            mode="continue",
            steps=0,
            learning_rate=0.01,
            temperature=0.5,
            sample_every=20,
            count=6,
        )
    assert str(bad.value) == "Steps must be a whole number from 1 to 2000."


def test_the_lesson_states_the_checkpoints_numbers() -> None:
    _, record = load_checkpoint()
    names = load_names()
    train, held_out = split_names(names)
    losses = record["losses"]
    text = " ".join(LESSON.split())  # line breaks fall anywhere
    stated = [
        ", ".join(record["samples"]["names"]) + ".",
        f"{len(names):,} names",
        f"{len(train):,} training names",
        f"{len(held_out)} names held out",
        f"{record['config']['parameters']:,} parameters",
        f"\\ln 27 \\approx {math.log(27):.3f}",
        f"first step scored {losses['first_step']:.3f}, worse than even chances",
        f'its first name, "{training_order()[0]}", is an unusual one',
        f"last 100 steps averaged {losses['last_100_steps_mean']:.3f}",
        f"mean loss is {losses['held_out_mean']:.3f}",
    ]
    assert losses["first_step"] > math.log(27)  # "worse than even chances"
    real = [n for n in record["samples"]["names"] if n in set(names)]
    assert len(real) == 4, real
    stated += ["Four of those ten are real names", f"({', '.join(real[:-1])} and {real[-1]})"]
    missing = [words for words in stated if words not in text]
    assert not missing, missing


def test_the_last_cells_define_the_model_and_train_it() -> None:
    """The page's two cells, run in one namespace as the page runs them (the first is gpt/model.py)."""
    assert '```python run\n--8<-- "gpt/model.py"\n```' in LESSON
    namespace: dict = {}
    exec(compile((ROOT / "gpt" / "model.py").read_text(), "model.py", "exec"), namespace)
    trainer = re.findall(r"^```python run\n(.*?)^```$", LESSON, re.S | re.M)[-1]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(trainer.replace("steps = 20", "steps = 2"), "cell", "exec"), namespace)
    printed = out.getvalue()
    assert re.search(r"step 1: loss 3\.619 on '[a-z]+'\nstep 2: loss \d\.\d{3}", printed), printed
    assert re.search(r"names: \['[a-z]*'(, '[a-z]*'){4}\]\n", printed), printed  # '' shown as such
