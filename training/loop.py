"""What both trainers share: a run of steps that streams its events (start, one per step, done) to send."""

import gc
import time
from collections.abc import Callable

Send = Callable[[dict], None]


class SettingsError(ValueError):
    """Settings a trainer cannot use, in words the page shows as they are."""


def run_steps(
    send: Send, steps: int, step: Callable[[int], dict], start: dict, done: Callable[[], dict] = dict
) -> float:
    """send(start); then for k in range(steps), step(k)'s event; then the done event with the run's
    seconds and done(); returns the seconds."""
    send({"event": "start", **start})
    started = time.perf_counter()
    # The engine makes no reference cycles, so reference counting frees each step's graph at once;
    # the cycle collector would only walk the whole graph again and again, so it rests meanwhile.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for k in range(steps):
            send({"event": "step", **step(k)})
    finally:
        if collecting:
            gc.enable()
    seconds = time.perf_counter() - started
    send({"event": "done", "seconds": seconds, **done()})
    return seconds
