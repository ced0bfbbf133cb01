"""The names page: the shipped GPT sampled, trained further or from scratch, streamed as it learns."""

import functools
import random
import time

from gpt.train import LEARNING_RATE, SEED, learning_rate_at, training_order
from learner_engine import switch
from training.loop import Send, SettingsError, run_steps

LIMITS = {"steps": 2000, "names": 20, "seed": 2**31 - 1}
MEAN_OF = 50  # the curve's smooth line: the mean loss of the last MEAN_OF steps

# The model the page works on: the checkpoint until the learner trains, then wherever training left it.
state: dict = {}


def current() -> dict:
    """The page's model and its story so far (loads the shipped checkpoint the first time)."""
    if not state:
        from gpt.checkpoint import load_checkpoint

        model, record = load_checkpoint()
        losses = list(record["loss_per_step"])
        state.update(model=model, origin="checkpoint", seed=SEED, losses=losses, shipped=len(losses))
    return state


def story() -> dict:
    """Where the current model comes from, and the loss of each step it was trained."""
    s = current()
    return {"ok": True, **_story(s), "losses": s["losses"]}


def sample(temperature: float = 0.5, count: int = 10, seed: int = 0, engine: str = "course") -> dict:
    """count names from the current model (seed 0 at 0.5 gives the checkpoint record's own samples),
    on the engine asked for (its weights are the page's model's either way)."""
    _check(temperature=temperature, count=count)
    s = _on(engine, current())
    rng = random.Random(seed)
    return {"ok": True, "names": [s["model"].sample(rng, temperature) for _ in range(count)], **_story(s)}


def train(
    send: Send,
    mode: str = "continue",
    steps: int = 200,
    learning_rate: float = LEARNING_RATE,
    temperature: float = 0.5,
    sample_every: int = 20,
    count: int = 6,
    engine: str = "course",
    seed: int = SEED,
) -> dict:
    """Train the current model (mode "continue") or a new one ("scratch": its weights and its order of
    the names from seed), sending an event per step; from scratch with the defaults it is gpt.train's
    recipe, which made the shipped checkpoint. Engine "mine": the model runs on the learner's engine
    (learner_engine's microgpt, the same model)."""
    from gpt.model import GPT, Adam, train_step

    _check(mode, steps, learning_rate, temperature, count, seed)
    mine = switch.modules(engine)
    if mode == "scratch":
        state.clear()
        model = mine["microgpt"].GPT(seed=seed) if mine else GPT(seed=seed)
        state.update(model=model, origin="scratch", seed=seed, losses=[], shipped=0)
    s = _on(engine, current())
    model, losses = s["model"], s["losses"]
    params = model.parameters()
    for p in params:  # a Stop in the middle of backward() leaves gradients half summed
        p.grad = 0.0
    if mine:
        trainer = mine["microgpt"].Trainer(model)
        one_step = trainer.step
    else:
        adam = Adam(params)
        one_step = functools.partial(train_step, model, adam)
    order = training_order(s["seed"])
    rng = random.Random(len(losses))

    def step(k: int) -> dict:
        lr = learning_rate_at(k, steps, learning_rate)
        name = order[len(losses) % len(order)]
        started = time.perf_counter()
        losses.append(one_step(name, lr))
        event = {
            "step": len(losses),
            "done": k + 1,
            "name": name,
            "loss": losses[-1],
            "mean": sum(losses[-MEAN_OF:]) / len(losses[-MEAN_OF:]),
            "learning_rate": lr,
            "ms": round((time.perf_counter() - started) * 1000, 1),
        }
        if (k + 1) % sample_every == 0 or k + 1 == steps:
            event["names"] = [model.sample(rng, temperature) for _ in range(count)]
        return event

    checked = functools.partial(switch.checked_step, step) if mine else step
    start = {"parameters": len(params), **_story(s), "losses": losses, "engine": engine}
    seconds = run_steps(send, steps, checked, start)
    return {"ok": True, "steps": steps, "seconds": round(seconds, 3), **_story(s)}


def _on(engine: str, s: dict) -> dict:
    """The page's model, moved onto the engine asked for if it is on the other one: a model of that
    engine with the same weights (the same numbers, so training and sampling carry on where they were)."""
    mine = switch.modules(engine)
    if mine:
        wanted = mine["microgpt"].GPT
    else:
        from gpt.model import GPT as wanted
    if not isinstance(s["model"], wanted):
        moved = wanted(seed=SEED)
        for p, q in zip(moved.parameters(), s["model"].parameters(), strict=True):
            p.data = q.data
        s["model"] = moved
    return s


def _story(s: dict) -> dict:
    # shipped: the steps the checkpoint came with (0 for a GPT from scratch)
    return {"origin": s["origin"], "seed": s["seed"], "trained": len(s["losses"]), "shipped": s["shipped"]}


def _check(
    mode="continue", steps=1, learning_rate=LEARNING_RATE, temperature=0.5, count=1, seed=SEED
) -> None:
    """Raise SettingsError saying what is wrong with the settings, if anything."""
    if mode not in ("continue", "scratch"):
        raise SettingsError("Training either continues or starts from scratch.")
    if type(steps) is not int or not 1 <= steps <= LIMITS["steps"]:
        raise SettingsError(f"Steps must be a whole number from 1 to {LIMITS['steps']}.")
    if not isinstance(learning_rate, (int, float)) or not 0 < learning_rate <= 1:
        raise SettingsError("The learning rate must be a number above 0 and at most 1.")
    if not isinstance(temperature, (int, float)) or not 0.05 <= temperature <= 5:
        raise SettingsError("The temperature must be a number from 0.05 to 5.")
    if type(count) is not int or not 1 <= count <= LIMITS["names"]:
        raise SettingsError(f"Ask for 1 to {LIMITS['names']} names.")
    if type(seed) is not int or not 0 <= seed <= LIMITS["seed"]:
        raise SettingsError(f"The seed must be a whole number from 0 to {LIMITS['seed']:,}.")
