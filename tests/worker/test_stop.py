"""The worker's Stop, in CPython: a press raises KeyboardInterrupt in the learner's code and nowhere
else. The page presses Stop until its request ends, so a press can land at any point of the runner's
report; these tests press at every point, one run each."""

import signal
import sys
from collections.abc import Callable, Iterator

import pytest
from backprop_worker import runner

from training import moons_trainer

FAILS = "x = 1\nraise ValueError('boom')\n"
# A press that lands in a __del__ is lost (Python only reports it to sys.unraisablehook); this __del__
# stands for it, and the hook must press again.
LOST_IN_DEL = "class Held:\n    def __del__(self):\n        raise KeyboardInterrupt\nHeld()\nx = 2\n"


@pytest.fixture
def stop_button(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The worker's Stop as runner.install sets it up, on a list for the page's buffer."""
    buffer = [0]
    monkeypatch.setattr(runner, "interrupt_buffer", buffer)
    monkeypatch.setattr(sys, "unraisablehook", runner.pass_on_stop)
    previous = signal.signal(signal.SIGINT, runner.on_stop)
    yield buffer
    signal.signal(signal.SIGINT, previous)


def traced(work: Callable[[], object], press: int | None = None) -> tuple[object, bool | None, int]:
    """work(), with Stop pressed at its press-th Python event (a call or a line, in any frame): its result,
    whether Stop applied at the press (None: no press), and how many events it had."""
    seen = 0
    applied = None

    def trace(frame, event, arg):
        nonlocal seen, applied
        if event in ("call", "line"):
            seen += 1
            if seen == press:
                applied = runner.stop_applies
                signal.raise_signal(signal.SIGINT)
        return trace

    sys.settrace(trace)
    try:
        return work(), applied, seen
    except KeyboardInterrupt:
        pytest.fail(f"the press at event {press} escaped the runner: the page would show its traceback")
    finally:
        sys.settrace(None)


def every_press(work: Callable[[], object]) -> Iterator[tuple[int, object, bool | None]]:
    """(press, result, applied) for a press at each event of work(), and one after its last."""
    for press in range(1, traced(work)[2] + 2):
        result, applied, _ = traced(work, press)
        yield press, result, applied


def test_a_press_stops_the_learners_code_and_never_replaces_the_report(stop_button: list[int]) -> None:
    def run() -> dict:
        return runner.run_cell(FAILS, "stop-test")

    for press, result, applied in every_press(run):
        expected = "KeyboardInterrupt" if applied else "ValueError"
        assert result["error"]["type"] == expected, f"press at event {press}: {result['error']}"
        if applied:
            assert "runner.py" not in result["error"]["traceback"]


def test_a_press_while_a_called_functions_result_is_written_keeps_the_result(
    stop_button: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen under load: a stopped GPT training showed "It failed: ... KeyboardInterrupt" instead of
    "Stopped." (the press landed after training had returned)."""
    monkeypatch.setattr(moons_trainer, "points", lambda: {"ok": True, "steps": 3})

    def call() -> str:
        return runner.call_json("moons_trainer", "points", "{}")

    for press, reply, applied in every_press(call):
        expected = '"KeyboardInterrupt"' if applied else '{"ok": true, "steps": 3}'
        assert expected in reply, f"press at event {press}: {reply}"


def test_a_stop_lost_in_a_del_is_pressed_again_and_a_press_in_the_hook_is_dropped(
    stop_button: list[int], capsys: pytest.CaptureFixture
) -> None:
    def run() -> dict:
        stop_button[0] = 0
        return runner.run_cell(LOST_IN_DEL, "stop-test")

    assert run() == {"ok": True} and stop_button[0] == 2  # the hook pressed again
    for press, result, _ in every_press(run):
        assert result["ok"] or result["error"]["type"] == "KeyboardInterrupt", f"press at event {press}"
        assert "Exception ignored" not in capsys.readouterr().err, f"press at event {press}"
