"""What a grader is made of: checks that make random cases, and the known mistakes learners make."""

import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Satisfies:
    """Expect any result for which accepts(result) is true (a property, not a value); text says what.

    accepts gets plain data (numbers, str, lists). why(result), when given, says in a few words what is
    wrong with a result it does not accept (e.g. "c comes before its input a"); it is shown after it.
    """

    text: str
    accepts: Callable[[object], bool]
    why: Callable[[object], str | None] | None = None


@dataclass(frozen=True)
class Case:
    """One hidden case: code the check runs with the learner's names, and what each expression must give.

    code runs in a copy of the learner's namespace and is shown to the learner as what was tried;
    expected maps expressions, evaluated after code, to a number (compared with a tolerance), plain
    data (compared exactly) or Satisfies(text, accepts).
    """

    code: str
    expected: dict[str, object]
    tol: float | None = None


@dataclass(frozen=True)
class Check:
    """A named check: make(rng) builds one random Case; a check passes when all its cases pass."""

    name: str
    make: Callable[[random.Random], Case]
    cases: int = 3
    tol: float = 1e-6
    slow: bool = False


def check(name: str, *, cases: int = 3, tol: float = 1e-6, slow: bool = False) -> Callable[[Callable], Check]:
    """Decorator: a function rng -> Case becomes a Check, run `cases` times with fresh random numbers.

    tol: numbers agree when |got - expected| <= tol * max(1, |expected|).
    slow: a check that takes long (training a network): it runs only when every check before it
    passed, and its failure is not replayed against the known mistakes (that would train each one),
    so a wrong answer that a quick check catches gets its verdict at once.
    """

    def make(fn: Callable[[random.Random], Case]) -> Check:
        return Check(name, fn, cases, tol, slow)

    return make


def checks_of(grader: ModuleType) -> list[Check]:
    """The grader's checks, in the order they are defined."""
    return [v for v in vars(grader).values() if isinstance(v, Check)]


@dataclass(frozen=True)
class Mistake:
    """A wrong solution learners really write, and the feedback a learner whose code acts like it gets.

    feedback may use {name}, {expected} and {got}: the first failing value of the check it explains.
    """

    name: str
    code: str
    feedback: str


def mutate(code: str, old: str, new: str) -> str:
    """code with the one occurrence of old replaced by new (a known mistake made from the solution)."""
    count = code.count(old)
    if count != 1:
        raise ValueError(f"mutate: {old!r} occurs {count} times in the code, not once")
    return code.replace(old, new)
