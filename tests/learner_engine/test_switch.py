"""Run on my engine in the worker's Python: known-correct code trains, every wrong piece is named with its
lab before a step runs, and a piece that breaks mid-run names its line and leaves the course's engine."""

import re

import pytest

from lab_checks import grading
from learner_engine import switch
from learner_engine.assemble import NEEDED, PIECES
from learner_engine.probe import EngineBroken
from tests.repo import ROOT
from training import moons_trainer, names_trainer

LABS = [lab for lab, _, _ in PIECES]


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(switch, "loaded", {})
    monkeypatch.setattr(names_trainer, "state", {})


def with_change(lab: str, old: str, new: str) -> dict[str, str]:
    saved = {lab: grading.load(lab).SOLUTION for lab in LABS}
    assert saved[lab].count(old) == 1, old
    saved[lab] = saved[lab].replace(old, new)
    return saved


def test_known_correct_code_trains_the_gpt_and_the_moons_on_the_learners_engine() -> None:
    reply = switch.use("names", with_change("linear", "one output per row", "one output per row!"), LABS)
    assert reply["ok"] and all(p["yours"] for p in reply["pieces"])
    assert reply["ms"]["mine"] > 0 and reply["ms"]["course"] > 0
    events: list[dict] = []
    names_trainer.train(events.append, mode="scratch", steps=10, engine="mine")
    losses = [e["loss"] for e in events if e["event"] == "step"]
    assert events[0]["engine"] == "mine" and sum(losses[-5:]) / 5 < losses[0] - 0.3
    assert type(names_trainer.state["model"]).__module__ == "microgpt"
    names_trainer.sample(engine="course")  # the same weights, moved back onto the course's engine
    assert type(names_trainer.state["model"]).__module__ == "gpt.model"
    switch.use("moons", {lab: grading.load(lab).SOLUTION for lab in LABS}, LABS)
    assert moons_trainer.train(events.append, hidden=[8], steps=15, engine="mine")["accuracy"] > 0.8


WRONG = [
    ("value-ops", "(other.data, self.data))", "(other.data, other.data))", "Value.__mul__"),
    ("value-ops", "(1 - t * t,)", "(1 - t,)", "Value.tanh"),
    ("value-ops", "(1 / self.data,)", "(-1 / self.data,)", "Value.log"),
    ("backward", "child.grad += local * v.grad", "child.grad = local * v.grad", "Value.backward"),
    (
        "softmax-cross-entropy",
        "return [e / total for e in exps]",
        "return [e / 2 for e in exps]",
        "softmax()",
    ),
    ("linear", "wi * xi", "wi * wi", "linear()"),
    ("attention-head", "keys[: t + 1]", "keys", "attention()"),
    ("adam", "(1 - BETA1 ** t)", "(1 - BETA1 ** (t + 1))", "adam_step()"),
]


@pytest.mark.parametrize(("lab", "old", "new", "piece"), WRONG, ids=[w[3] for w in WRONG])
def test_a_wrong_piece_is_named_with_its_lab_and_nothing_runs_on_it(lab, old, new, piece) -> None:
    with pytest.raises(EngineBroken, match=f"Your {piece}.*Revisit lab {lab}") as caught:
        switch.use("names", with_change(lab, old, new), LABS)
    assert caught.value.lab == lab and not switch.loaded
    with pytest.raises(EngineBroken, match="Switch Run on my engine on first"):
        names_trainer.train(lambda e: None, steps=1, engine="mine")


def test_the_engine_needs_value_ops_and_backward_passed() -> None:
    with pytest.raises(EngineBroken, match="needs lab backward passed first"):
        switch.use("moons", {}, ["value-ops", "linear"])


def test_a_piece_that_raises_mid_run_names_its_line_and_lab() -> None:
    # exp() that fails on numbers below -4: the probe's small numbers pass, a real softmax does not.
    saved = with_change(
        "value-ops",
        "        e = math.exp(self.data)\n",
        "        if self.data < -4:\n"
        "            raise OverflowError('too small')\n"
        "        e = math.exp(self.data)\n",
    )
    switch.use("names", saved, LABS)
    with pytest.raises(EngineBroken) as caught:
        names_trainer.train(lambda e: None, mode="scratch", steps=3, engine="mine")
    message = str(caught.value)
    assert "OverflowError: too small at step " in message and "in exp() (my_engine/value.py, line" in message
    assert "`raise OverflowError('too small')`" in message and caught.value.lab == "value-ops"


def test_a_loss_that_is_not_a_number_stops_the_run_and_says_so() -> None:
    saved = with_change(
        "value-ops",
        "        return Value(math.log(self.data), (self,), (1 / self.data,))",
        "        if self.data < 0.1:\n            return Value(math.nan, (self,), (math.nan,))\n"
        "        return Value(math.log(self.data), (self,), (1 / self.data,))",
    )
    switch.use("names", saved, LABS)
    with pytest.raises(EngineBroken, match="The loss of step 1 is nan on your engine"):
        names_trainer.train(lambda e: None, mode="scratch", steps=3, engine="mine")


def test_the_switch_in_the_page_names_the_labs_assemble_uses() -> None:
    # engine-switch.js says which labs are missing before Python starts, so it keeps its own copy of
    # PIECES: the moons page uses the pieces of value.py, the names page all of them.
    source = (ROOT / "site" / "frontend" / "training" / "engine-switch.js").read_text()
    needed = re.search(r"const NEEDED = \[(.*?)\];", source).group(1)
    each = r"\[\.\.\.NEEDED, (.*?)\]"
    pieces = re.search(rf"const PIECES = \{{ moons: {each}, names: {each} \}};", source)

    def labs(text: str) -> list[str]:
        return re.findall(r'"([a-z-]+)"', text)

    assert tuple(labs(needed)) == NEEDED
    assert labs(needed) + labs(pieces.group(1)) == [lab for lab, _, file in PIECES if file == "value.py"]
    assert labs(needed) + labs(pieces.group(2)) == LABS
