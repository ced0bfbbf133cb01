"""Freeing Values: deep chains in a flat loop, and never an "Exception ignored" when Stop lands mid-free."""

import sys

import pytest

import engine.value
from engine import Value


@pytest.fixture
def unraisable(monkeypatch) -> list:
    """What Python would have printed as "Exception ignored in ...", collected instead."""
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)
    return seen


def chain(n: int) -> Value:
    v = Value(0.0)
    for _ in range(n):
        v = v + 1
    return v


def test_a_value_interrupted_before_init_is_freed_silently(unraisable):
    half_built = Value.__new__(Value)  # what Stop leaves when it lands before __init__ sets _prev
    del half_built
    assert unraisable == []


def test_a_freed_chain_leaves_nothing_behind(unraisable):
    v = chain(10_000)
    del v
    assert (engine.value._orphans, engine.value._freeing, unraisable) == ([], False, [])


def test_freeing_a_chain_never_nests_deeper_than_one_child(monkeypatch):
    # Desktop Python would survive a nested free (it defers deep deallocations); the browser's crashes.
    free, depth, deepest = Value.__del__, [0], [0]

    def counting_del(self):
        depth[0] += 1
        deepest[0] = max(deepest[0], depth[0])
        free(self)
        depth[0] -= 1

    monkeypatch.setattr(Value, "__del__", counting_del)
    v = chain(10_000)
    del v
    assert deepest[0] <= 2


class StopOnThirdPop(list):
    """The orphan list, with Stop pressed while the third tuple of children is being freed."""

    pops = 0

    def pop(self, *args):
        StopOnThirdPop.pops += 1
        if StopOnThirdPop.pops == 3:
            raise KeyboardInterrupt
        return super().pop(*args)


def test_stop_while_freeing_is_reported_and_the_next_chain_frees(monkeypatch, unraisable):
    monkeypatch.setattr(engine.value, "_orphans", StopOnThirdPop())
    v = chain(100)
    del v
    # Python reports an exception in __del__ to sys.unraisablehook; the worker's hook passes Stop on.
    assert [u.exc_type for u in unraisable] == [KeyboardInterrupt]
    assert engine.value._freeing is False
    w = chain(100)
    del w
    assert (len(engine.value._orphans), len(unraisable)) == (0, 1)
