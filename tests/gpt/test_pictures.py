"""The numbers behind the GPT module's pictures: sampling's probabilities, the loss letter by letter, and
the gradient check, intact and broken."""

import math
import random

import pytest

from gpt.checkpoint import load_checkpoint
from gpt.gradient_check import (
    BROKEN,
    broken_copy,
    checkpoint_gradient_check,
    chosen_parameters,
    estimates,
    gradient_check,
    rule_gradients,
)
from gpt.letter_loss import compare_losses, letter_losses
from gpt.model import GPT, LETTERS
from gpt.sampling import TOKENS, check_settings, sampling_steps

AGREE = 1e-6  # the picture's tolerance for a point on the diagonal (site/frontend/gradient-check)


@pytest.fixture(scope="module")
def model() -> GPT:
    return load_checkpoint()[0]


@pytest.mark.parametrize(("seed", "temperature"), [(0, 0.5), (3, 1.0), (7, 2.0)])
def test_each_step_has_27_probabilities_summing_to_1(model, seed, temperature) -> None:
    steps = sampling_steps(model, seed, temperature)["steps"]
    for step in steps:
        for probs in (step["learned"], step["tempered"]):
            assert len(probs) == len(TOKENS) == 27
            assert math.fsum(probs) == pytest.approx(1, abs=1e-12)
            assert min(probs) > 0


def test_the_steps_spell_the_name_gpt_sample_writes(model) -> None:
    for seed in range(5):
        data = sampling_steps(model, seed, 0.5)
        spelled = "".join(TOKENS[s["chosen"]] for s in data["steps"] if TOKENS[s["chosen"]] != "end")
        assert spelled == data["name"]
        assert data["name"] == model.sample(random.Random(seed), 0.5)
        assert [s["so_far"] for s in data["steps"]] == [data["name"][:k] for k in range(len(data["steps"]))]


def test_the_temperature_sharpens_below_1_flattens_above_and_is_exact_at_1(model) -> None:
    first = {t: sampling_steps(model, 0, t)["steps"][0] for t in (0.5, 1.0, 2.0)}
    assert first[1.0]["tempered"] == pytest.approx(first[1.0]["learned"], abs=1e-15)
    top = max(range(27), key=first[1.0]["learned"].__getitem__)
    assert first[0.5]["tempered"][top] > first[1.0]["learned"][top] > first[2.0]["tempered"][top]


@pytest.mark.parametrize(
    ("temperature", "seed"), [(0, 0), (5.5, 0), (True, 0), ("1", 0), (1.0, -1), (1.0, 1.5)]
)
def test_bad_settings_are_refused_in_words(temperature, seed) -> None:
    with pytest.raises(ValueError, match="temperature|seed"):
        check_settings(temperature, seed)


@pytest.mark.parametrize("name", ["emma", "jo", "christopher", "zzz"])
def test_the_letter_losses_sum_to_the_models_loss(model, name) -> None:
    data = letter_losses(model, name)
    assert len(data["rows"]) == len(name) + 1
    assert math.fsum(r["loss"] for r in data["rows"]) == pytest.approx(data["total"], abs=1e-12)
    assert abs(data["total"] / len(data["rows"]) - model.loss(name).data) < 1e-9
    assert abs(data["loss"] - model.loss(name).data) < 1e-9
    for row in data["rows"]:
        assert row["loss"] == pytest.approx(-math.log(row["p"]), abs=1e-15)
    assert [r["next"] for r in data["rows"]] == [*name, "end"]


def test_the_untrained_model_is_the_seed_training_started_from() -> None:
    data = compare_losses("emma")
    trained, untrained = data["models"]
    assert (trained["model"], untrained["model"]) == ("trained", "untrained")
    assert abs(untrained["loss"] - GPT(seed=42).loss("emma").data) < 1e-9
    assert trained["loss"] < untrained["loss"]


@pytest.mark.parametrize("name", ["", "jo3", "a" * 16])
def test_a_name_the_model_cannot_read_is_refused(name) -> None:
    with pytest.raises(ValueError):
        compare_losses(name)


def test_the_intact_engine_puts_every_point_on_the_diagonal(model) -> None:
    data = gradient_check(model, "emma", seed=0)
    assert len(data["parameters"]) == 54
    assert {m for m, _, _ in data["parameters"]} == set(model.weights)
    apart = [abs(e - g) for e, g in zip(data["estimates"], data["gradients"])]
    assert max(apart) < AGREE
    assert sum(abs(g) > 1e-4 for g in data["gradients"]) > 40  # most points are not the trivial (0, 0)


@pytest.mark.parametrize("rule", sorted(BROKEN))
def test_a_broken_rule_moves_points_off_the_diagonal_but_not_the_forward_pass(model, rule) -> None:
    chosen = chosen_parameters(model, "al", seed=1, per_matrix=3)
    copy = broken_copy(model, rule)
    assert copy.loss("al").data == model.loss("al").data
    assert estimates(copy, "al", chosen[:2]) == estimates(model, "al", chosen[:2])
    nudged = estimates(model, "al", chosen)
    broken = rule_gradients(model, "al", chosen, rule)
    assert sum(abs(e - g) > AGREE for e, g in zip(nudged, broken)) >= len(chosen) // 3
    intact = rule_gradients(model, "al", chosen)
    assert max(abs(e - g) for e, g in zip(nudged, intact)) < AGREE  # the course's engine stays intact


def test_the_sample_is_drawn_only_from_rows_the_name_reaches(model) -> None:
    chosen = chosen_parameters(model, "al", seed=5)
    used = {LETTERS.index("a"), LETTERS.index("l"), 26}
    assert {r for m, r, _ in chosen if m == "wte"} <= used
    assert {r for m, r, _ in chosen if m == "wpe"} <= {0, 1, 2}
    assert chosen != chosen_parameters(model, "al", seed=6)


def test_unknown_rules_and_parameters_are_refused(model) -> None:
    with pytest.raises(ValueError, match="no broken rule"):
        rule_gradients(model, "al", [["wte", 0, 0]], "log")
    with pytest.raises(ValueError, match="no parameter"):
        rule_gradients(model, "al", [["wte", 27, 0]])
    with pytest.raises(ValueError, match="no parameter"):
        rule_gradients(model, "al", [["nope", 0, 0]])


def test_the_check_runs_on_the_learners_engine_once_it_is_switched_on(monkeypatch) -> None:
    from lab_checks import grading
    from learner_engine import switch
    from learner_engine.assemble import PIECES
    from learner_engine.probe import EngineBroken

    monkeypatch.setattr(switch, "loaded", {})
    with pytest.raises(EngineBroken, match="not loaded"):
        checkpoint_gradient_check("al", 1, engine="mine")
    labs = [lab for lab, _, _ in PIECES]
    switch.use("names", {lab: grading.load(lab).SOLUTION for lab in labs}, labs)
    mine = checkpoint_gradient_check("al", 1, engine="mine")
    course = checkpoint_gradient_check("al", 1)
    assert mine["engine"] == "mine" and mine["parameters"] == course["parameters"]
    assert max(abs(e - g) for e, g in zip(mine["estimates"], mine["gradients"])) < AGREE
    assert mine["gradients"] == pytest.approx(course["gradients"], abs=1e-9)
    with pytest.raises(ValueError, match="course's engine"):
        checkpoint_gradient_check("al", 1, rule="exp", engine="mine")
