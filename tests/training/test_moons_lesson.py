"""What lesson 5 says about its trainer is what the trainer does: the loss is data loss plus penalty,
and learning rate 5 kills the network (data loss stuck at 1, accuracy 50%, the loss almost all penalty)."""


from training import moons_trainer


def steps_of(**settings) -> list[dict]:
    events: list[dict] = []
    moons_trainer.train(events.append, **{**moons_trainer.DEMO, "picture_every": 1000, **settings})
    return [e for e in events if e["event"] == "step"]


def test_each_step_sends_the_data_loss_and_the_penalty_that_make_the_loss() -> None:
    for step in steps_of(steps=3):
        assert step["loss"] == step["data_loss"] + step["penalty"]
        assert 0 < step["penalty"] < step["data_loss"]


def test_learning_rate_5_kills_the_network_instead_of_overshooting() -> None:
    steps = steps_of(learning_rate=5.0, steps=20)
    assert max(s["data_loss"] for s in steps) > 100  # one huge step blows the weights up
    last = steps[-1]
    assert last["data_loss"] == 1.0 and last["accuracy"] == 0.5  # every ReLU off: one answer for all
    assert last["penalty"] > 0.9 * last["loss"]  # what the loss still shows is the penalty


def test_the_points_are_the_ones_training_uses() -> None:
    from engine.datasets import make_moons

    d = moons_trainer.DEMO
    moons = moons_trainer.points()
    assert (moons["points"], moons["labels"]) == make_moons(
        d["samples"], noise=d["noise"], seed=d["data_seed"]
    )
