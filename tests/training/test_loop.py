"""training.loop.run_steps, the loop both trainers share: its events, and the collector put back."""

import gc

import pytest

from training.loop import run_steps


def test_it_sends_start_each_step_and_done_with_the_seconds() -> None:
    events: list[dict] = []
    seconds = run_steps(events.append, 3, lambda k: {"step": k + 1}, {"parameters": 5}, lambda: {"extra": 1})
    assert [e["event"] for e in events] == ["start", "step", "step", "step", "done"]
    assert events[0] == {"event": "start", "parameters": 5}
    assert [e["step"] for e in events[1:-1]] == [1, 2, 3]
    assert events[-1] == {"event": "done", "seconds": seconds, "extra": 1} and seconds >= 0


def test_the_collector_rests_during_the_steps_and_is_back_after_a_stop() -> None:
    assert gc.isenabled()
    seen = []

    def step(k: int) -> dict:
        seen.append(gc.isenabled())
        if k == 1:
            raise KeyboardInterrupt  # the page's Stop
        return {}

    with pytest.raises(KeyboardInterrupt):
        run_steps(lambda event: None, 5, step, {})
    assert seen == [False, False] and gc.isenabled()
