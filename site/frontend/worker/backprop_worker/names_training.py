"""The names page: the shipped GPT sampled, trained further or from scratch, streamed as it learns."""

import gc
import json
import random
import time

# The checkpoint script's settings (scripts/train_gpt_checkpoint.py): from scratch, 1,000 steps at
# learning rate 0.01 make the shipped checkpoint again, step for step.
SEED, LEARNING_RATE = 42, 0.01
LIMITS = {"steps": 2000, "names": 20}
MEAN_OF = 50  # the curve's smooth line: the mean loss of the last MEAN_OF steps

# The model the page works on: the checkpoint until the learner trains, then wherever training left it.
state: dict = {}


def current() -> dict:
    """The page's model and its story so far (loads the shipped checkpoint the first time)."""
    if not state:
        from gpt.checkpoint import load_checkpoint

        model, record = load_checkpoint()
        state.update(model=model, origin="checkpoint", losses=list(record["loss_per_step"]))
    return state


def story() -> dict:
    """Where the current model comes from, and the loss of each step it was trained."""
    s = current()
    return {"ok": True, **_story(s), "losses": s["losses"]}


def sample(temperature: float = 0.5, count: int = 10, seed: int = 0) -> dict:
    """count names from the current model (seed 0 at 0.5 gives the checkpoint record's own samples)."""
    problem = _problem(temperature=temperature, count=count)
    if problem:
        return _error(problem)
    s = current()
    rng = random.Random(seed)
    return {"ok": True, "names": [s["model"].sample(rng, temperature) for _ in range(count)], **_story(s)}


def train(
    mode: str = "continue",
    steps: int = 200,
    learning_rate: float = LEARNING_RATE,
    temperature: float = 0.5,
    sample_every: int = 20,
    count: int = 6,
) -> dict:
    """Train the current model (mode "continue") or a new one ("scratch"); emit a "gpt" event per step."""
    from backprop_bridge import emit  # only the browser's worker has it

    return run(
        lambda event: emit("gpt", json.dumps(event)),
        mode=mode,
        steps=steps,
        learning_rate=learning_rate,
        temperature=temperature,
        sample_every=sample_every,
        count=count,
    )


def run(send, *, mode, steps, learning_rate, temperature, sample_every, count) -> dict:
    """train() with the events handed to send(event) (a plain function, so CPython can test it)."""
    from gpt.model import GPT, Adam, train_step
    from gpt.names import load_names, split_names

    problem = _problem(mode, steps, learning_rate, temperature, count)
    if problem:
        return _error(problem)
    if mode == "scratch":
        state.clear()
        state.update(model=GPT(seed=SEED), origin="scratch", losses=[])
    s = current()
    model, losses = s["model"], s["losses"]
    params = model.parameters()
    for p in params:  # a Stop in the middle of backward() leaves gradients half summed
        p.grad = 0.0
    adam = Adam(params)
    order, _ = split_names(load_names())
    random.Random(SEED).shuffle(order)
    rng = random.Random(len(losses))
    send({"event": "start", "parameters": len(params), **_story(s), "losses": losses})
    started = time.perf_counter()
    collecting = gc.isenabled()
    gc.disable()  # the engine makes no reference cycles: reference counting frees each step's graph
    try:
        for k in range(steps):
            step_started = time.perf_counter()
            lr = learning_rate * (1 - k / steps)  # linear decay to zero, as the checkpoint was trained
            name = order[len(losses) % len(order)]
            losses.append(train_step(model, adam, name, lr))
            event = {
                "event": "step",
                "step": len(losses),
                "done": k + 1,
                "name": name,
                "loss": losses[-1],
                "mean": sum(losses[-MEAN_OF:]) / len(losses[-MEAN_OF:]),
                "learning_rate": lr,
                "ms": round((time.perf_counter() - step_started) * 1000, 1),
            }
            if (k + 1) % sample_every == 0 or k + 1 == steps:
                event["names"] = [model.sample(rng, temperature) for _ in range(count)]
            send(event)
    finally:
        if collecting:
            gc.enable()
    seconds = time.perf_counter() - started
    send({"event": "done", "seconds": seconds})
    return {"ok": True, "steps": steps, "seconds": round(seconds, 3), **_story(s)}


def _story(s: dict) -> dict:
    return {"origin": s["origin"], "trained": len(s["losses"])}


def _error(problem: str) -> dict:
    return {"ok": False, "error": {"type": "ValueError", "message": problem, "traceback": problem}}


def _problem(mode="continue", steps=1, learning_rate=LEARNING_RATE, temperature=0.5, count=1) -> str:
    """What is wrong with the settings, in words; empty when they are fine."""
    if mode not in ("continue", "scratch"):
        return "Training either continues or starts from scratch."
    if type(steps) is not int or not 1 <= steps <= LIMITS["steps"]:
        return f"Steps must be a whole number from 1 to {LIMITS['steps']}."
    if not isinstance(learning_rate, (int, float)) or not 0 < learning_rate <= 1:
        return "The learning rate must be a number above 0 and at most 1."
    if not isinstance(temperature, (int, float)) or not 0.05 <= temperature <= 5:
        return "The temperature must be a number from 0.05 to 5."
    if type(count) is not int or not 1 <= count <= LIMITS["names"]:
        return f"Ask for 1 to {LIMITS['names']} names."
    return ""
