"""The trainers' Run on my engine switch, in the worker: the learner's engine put together, loaded, tried
piece by piece and timed against the course's; then the trainers build their models on it."""

import math
import time
import traceback
import types

from learner_engine.assemble import NEEDED, AssemblyError, assemble
from learner_engine.load import load
from learner_engine.probe import EngineBroken, probe

TRAINERS = ("moons", "names")
loaded: dict = {}  # the engine switched on last: {"modules": load()'s, "pieces": [...]}


def use(trainer: str, saved: dict[str, str], passed: list[str]) -> dict:
    """Switch trainer onto the learner's engine: {ok, pieces, ms: {mine, course}} or the reason it cannot."""
    if trainer not in TRAINERS:
        raise EngineBroken(f"No trainer {trainer!r}: {' or '.join(TRAINERS)}.")
    if missing := [lab for lab in NEEDED if lab not in passed]:
        raise EngineBroken(
            f"Your engine needs lab{'s' * (len(missing) > 1)} {' and '.join(missing)} passed first."
        )
    try:
        assembly = assemble(saved, set(passed))
    except AssemblyError as e:
        raise EngineBroken(f"Your engine could not be put together: {e}.", e.lab) from None
    loaded.clear()
    try:
        modules = load(assembly.files)
    except Exception as e:  # noqa: BLE001 -- the learner's code may raise anything while loading
        raise _raised(e, assembly, "while loading") from None
    probe(modules["microgpt"], gpt=trainer == "names")
    ms = {"mine": _step_ms(trainer, modules), "course": _step_ms(trainer, None)}
    loaded.update(modules=modules, assembly=assembly)
    return {"ok": True, "pieces": assembly.describe(), "ms": ms}


def modules(engine: str) -> dict[str, types.ModuleType] | None:
    """The learner's modules when engine is "mine" (switched on before), None for the course's."""
    if engine == "course":
        return None
    if engine != "mine":
        raise EngineBroken(f"The engine is either 'mine' or 'course', not {engine!r}.")
    if not loaded:
        raise EngineBroken("Switch Run on my engine on first: your engine is not loaded.")
    return loaded["modules"]


def checked_step(step, k: int, loss_of=lambda event: event["loss"]):
    """step(k)'s event on the learner's engine: an error or a loss that is not a number names the piece."""
    try:
        event = step(k)
    except (KeyboardInterrupt, SystemExit, MemoryError):
        raise
    except Exception as e:  # noqa: BLE001 -- the learner's code may raise anything
        raise _raised(e, loaded["assembly"], f"at step {k + 1}") from None
    if not math.isfinite(loss_of(event)):
        raise EngineBroken(
            f"The loss of step {k + 1} is {loss_of(event)} on your engine: an operation made a number that "
            "is not finite (a log of 0? an exp of a large number?). The course's engine runs meanwhile."
        )
    return event


def _step_ms(trainer: str, modules: dict | None) -> float:
    """One step's forward and backward in ms (no update), on the learner's modules or (None) the
    course's: the quicker of two tries, so a first call's warm-up does not count."""
    if trainer == "names":
        if modules:
            model = modules["microgpt"].GPT(seed=0)
        else:
            from gpt.model import GPT

            model = GPT(seed=0)

        def step() -> None:
            model.loss("christopher").backward()
    else:
        from training.moons_trainer import DEMO, network, points, svm_loss

        data = points()
        model = network(modules, DEMO["hidden"], DEMO["model_seed"])

        def step() -> None:
            svm_loss(model, data["points"], data["labels"], DEMO["alpha"])[0].backward()

    times = []
    for _ in range(2):
        started = time.perf_counter()
        step()
        times.append(time.perf_counter() - started)
    return round(min(times) * 1000, 1)


def _raised(e: Exception, assembly, when: str) -> EngineBroken:
    """e, raised by the learner's engine, said with the piece and the lab whose line raised it."""
    said = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.startswith("my_engine/")]
    if not frames:
        return EngineBroken(f"Your engine raised {said} {when}. The course's engine runs meanwhile.")
    frame = frames[-1]
    lab = assembly.lab_at(frame.filename, frame.lineno)
    where = f"{frame.name}() ({frame.filename}, line {frame.lineno}: `{frame.line}`)"
    revisit = f"; revisit lab {lab}" if lab else ""
    return EngineBroken(
        f"Your engine raised {said} {when}, in {where}{revisit}. The course's engine runs meanwhile.", lab
    )
