"""Honest verdicts: learner code that sabotages the grader's world gets no pass, and the next check works."""

import builtins
import contextlib
import gc
import json
import math
import re
import signal
import sys
import types

import pytest
from backprop_worker import runner

import engine
import engine.value
import gpt.model
from lab_checks import grading
from tests.lab_checks.conftest import check, failures

WRONG_SLOPE = "def slope(f, x, h=1e-5):\n    return 0.0\n"
SWAPPED_MUL = grading.load("value-ops").MISTAKES[0].code

# Learner code run before a wrong slope(): each tries to make the grader believe a wrong answer.
SABOTAGE = {
    "rebinds abs": "import builtins\nbuiltins.abs = lambda x: 0.0\n",
    "rebinds isinstance and type": "import builtins\nbuiltins.isinstance = lambda *a: True\n"
    "builtins.type = lambda *a: float\n",
    "rebinds print": "import builtins\nbuiltins.print = lambda *a, **k: None\n",
    "rebinds all, len and map": "import builtins\nbuiltins.all = lambda *a: True\n"
    "builtins.len = lambda *a: 0\nbuiltins.map = lambda *a: []\n",
    "rebinds through __builtins__": "vars(__builtins__)['abs'] = lambda x: 0.0\n",
    "patches math": "import math\nmath.isclose = lambda *a, **k: True\nmath.fabs = lambda x: 0.0\n"
    "math.isnan = lambda x: False\n",
    "replaces math in sys.modules": "import sys\nsys.modules['math'] = type(sys)('math')\n",
    "patches the harness": "import lab_checks.grading.harness as h\nimport lab_checks.grading.observe as o\n"
    "h.agrees = o.agrees = lambda *a: True\nh.plain = lambda v, box, depth=0: 14.0\n",
    "patches the grader": "import lab_checks.slope as s\ns.MISTAKES.clear()\ns.HINTS[0] = 'x'\n"
    "s.parabola = None\n",
    "patches json": 'import json\njson.dumps = lambda *a, **k: \'{"verdict": "pass"}\'\n',
    "sets a trace function": "import sys\nsys.settrace(lambda *a: None)\n",
    "adds a gc callback": "import gc, builtins\n"
    "gc.callbacks.append(lambda *a: setattr(builtins, 'abs', lambda x: 0.0))\n",
    "lowers the recursion limit": "import sys\nsys.setrecursionlimit(60)\n",
    "swaps a grader function's code": "import lab_checks.grading.observe as o\n"
    "o.agrees.__code__ = (lambda expected, value, tol: True).__code__\n",
    "swaps a grader function's defaults": "import lab_checks.grading.harness as h\n"
    "h._observe.__defaults__ = (True,)\nh._rows.__code__ = (lambda case, got, tol, error: []).__code__\n",
    "sets every check's cases to 0": "import lab_checks.slope as s\nfrom lab_checks.grading import Check\n"
    "for c in vars(s).values():\n    if isinstance(c, Check):\n        object.__setattr__(c, 'cases', 0)\n",
    "leaves a __del__ behind": "class Evil:\n    def __del__(self):\n        import builtins\n"
    "        builtins.abs = lambda x: 0.0\nevil = Evil()\nevil.me = evil\n",
}

# slope() bodies that misbehave while the check calls them.
MISBEHAVING = {
    "rebinds builtins while called": "    import builtins\n    builtins.abs = lambda v: 0.0\n"
    "    builtins.isinstance = lambda *a: True\n    return 0.0\n",
    "raises SystemExit": "    raise SystemExit(0)\n",
    "raises a BaseException subclass": "    class Boom(BaseException):\n        pass\n    raise Boom()\n",
    "raises an error whose str() sabotages": "    import builtins\n    class E(Exception):\n"
    "        def __str__(self):\n            builtins.abs = lambda v: 0.0\n            raise RuntimeError\n"
    "    raise E()\n",
    "returns a float that says it equals anything": "    class Liar(float):\n"
    "        def __eq__(self, other):\n            return True\n        def __sub__(self, other):\n"
    "            return 0.0\n        __rsub__ = __sub__\n    return Liar(0.0)\n",
    "returns something that converts to the answer": "    class Sly:\n"
    "        def __float__(self):\n            return (f(x + h) - f(x - h)) / (2 * h)\n    return Sly()\n",
    "prints a million lines": "    for i in range(1_000_000):\n        print(i)\n    return 0.0\n",
    "adds an audit hook": "    import sys\n    sys.addaudithook(lambda *a: None)\n    return 0.0\n",
}


@contextlib.contextmanager
def interrupt_after(seconds: float):
    """A KeyboardInterrupt after seconds, as the page's Stop button (or its time limit) sends one."""

    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def world() -> dict:
    """What the grader relies on, to compare before and after."""
    return {
        "builtins": dict(vars(builtins)),
        "math": dict(vars(math)),
        "engine": dict(vars(engine)),
        "Value": dict(vars(engine.value.Value)),
        "modules": {n: sys.modules.get(n) for n in ("math", "engine", "json", "builtins")},
        "trace": sys.gettrace(),
        "limit": sys.getrecursionlimit(),
        "callbacks": list(gc.callbacks),
        "grader": {
            "MISTAKES": list(grading.load("slope").MISTAKES),
            "HINTS": list(grading.load("slope").HINTS),
        },
    }


def same_world(before: dict, after: dict) -> bool:
    return all(
        before[k].keys() == after[k].keys()
        and all(before[k][n] is after[k][n] or before[k][n] == after[k][n] for n in before[k])
        if isinstance(before[k], dict)
        else before[k] == after[k]
        for k in before
    )


def assert_next_check_works(lab: str = "slope") -> None:
    verdict = check(lab, grading.load(lab).SOLUTION)
    assert verdict["verdict"] == "pass", failures(verdict)


@pytest.mark.parametrize("name", SABOTAGE)
def test_sabotage_before_wrong_code_does_not_pass(name: str) -> None:
    before = world()
    verdict = check("slope", SABOTAGE[name] + WRONG_SLOPE)
    assert verdict["verdict"] in ("fail", "error"), verdict["summary"]
    assert same_world(before, world())
    assert_next_check_works()


@pytest.mark.parametrize("name", MISBEHAVING)
def test_misbehaving_slope_does_not_pass(name: str) -> None:
    before = world()
    verdict = check("slope", "def slope(f, x, h=1e-5):\n" + MISBEHAVING[name])
    assert verdict["verdict"] == "fail", verdict["summary"]
    assert same_world(before, world())
    assert_next_check_works()


def test_verdict_through_the_worker_json_cannot_be_patched() -> None:
    code = SABOTAGE["patches json"] + WRONG_SLOPE
    reply = runner.call_json("labs", "check", json.dumps({"lab": "slope", "code": code}))
    assert json.loads(reply)["verdict"] == "fail"


def test_patched_engine_is_not_the_reference() -> None:
    # The learner's wrong multiplication, also put into engine/'s Value, must still fail.
    code = SWAPPED_MUL + (
        "\nimport engine, engine.value\nengine.value.Value.__mul__ = lambda s, o: engine.value.Value("
        "s.data * o.data, (s, o), '*', _local_grads=(s.data, o.data))\n"
        "engine.Value = engine.value.Value = Value\n"
    )
    before = world()
    verdict = check("value-ops", code)
    assert verdict["verdict"] == "fail"
    assert any(c.get("mistake") == "mul local gradients swapped" for c in verdict["checks"])
    assert same_world(before, world())
    assert_next_check_works("value-ops")


def test_patched_gpt_is_not_the_reference() -> None:
    # attention-head's reference calls gpt.model.softmax: made uniform, it would pass a plain average.
    softmax = gpt.model.softmax.__code__
    code = (
        "import gpt.model\n"
        "def uniform(logits):\n    return [logits[0] * 0 + 1.0 / len(logits) for _ in logits]\n"
        "gpt.model.softmax.__code__ = uniform.__code__\n"
        "def attention(queries, keys, values):\n"
        "    return [[sum(v[j] for v in values[: t + 1]) * (1.0 / (t + 1)) for j in range(len(values[0]))]\n"
        "            for t in range(len(queries))]\n"
    )
    verdict = check("attention-head", code)
    assert verdict["verdict"] == "fail"
    assert gpt.model.softmax.__code__ is softmax
    assert_next_check_works("attention-head")


def test_raising_at_the_top_is_an_error_with_a_traceback() -> None:
    for raised in ("SystemExit(3)", "ValueError('no')", "type('Boom', (BaseException,), {})()"):
        verdict = check("slope", f"raise {raised}\n" + WRONG_SLOPE)
        assert verdict["verdict"] == "error"
        assert "your code" in verdict["error"]["traceback"]
        assert verdict["error"]["line"] == 1
    assert_next_check_works()


def test_raising_after_the_definitions_is_said_beside_the_verdict() -> None:
    for raised in ("SystemExit(3)", "ValueError('no')", "type('Boom', (BaseException,), {})()"):
        verdict = check("slope", WRONG_SLOPE + f"raise {raised}\n")
        assert verdict["verdict"] == "fail"
        assert "your code" in verdict["raised"]["traceback"]
        assert verdict["raised"]["line"] == 3
    assert_next_check_works()


def test_raising_keyboard_interrupt_stops_the_check() -> None:
    verdict = check("slope", WRONG_SLOPE + "raise KeyboardInterrupt\n")
    assert verdict["verdict"] == "error" and verdict["reason"] == "interrupted"
    assert_next_check_works()


def test_syntax_error_is_an_error_with_its_line() -> None:
    verdict = check("slope", "def slope(f, x, h=1e-5)\n    return 0\n")
    assert verdict["verdict"] == "error"
    assert verdict["error"]["type"] == "SyntaxError" and verdict["error"]["line"] == 1
    assert "SyntaxError" in verdict["summary"]


def test_printing_megabytes_is_capped() -> None:
    verdict = check("slope", "print('x' * 5_000_000)\n" + WRONG_SLOPE)
    assert verdict["verdict"] == "fail"
    assert len(verdict["printed"]) < 25_000 and "more characters" in verdict["printed"]


@pytest.mark.parametrize(
    "body",
    [
        "    while True:\n        pass\n",
        "    while True:\n        try:\n            pass\n        except Exception:\n            pass\n",
    ],
    ids=["loop", "loop catching Exception"],
)
def test_code_that_never_returns_is_stopped(body: str) -> None:
    with interrupt_after(0.3):
        verdict = check("slope", "def slope(f, x, h=1e-5):\n" + body)
    assert verdict["verdict"] == "error" and verdict["reason"] == "interrupted"
    assert_next_check_works()


def test_learner_code_runs_in_a_fresh_namespace() -> None:
    check("slope", grading.load("slope").SOLUTION + "helper = 42\n")
    verdict = check("slope", "def slope(f, x, h=1e-5):\n    return helper\n")
    assert verdict["verdict"] == "fail"
    assert "NameError" in verdict["checks"][0]["error"]["traceback"]


def test_a_check_gives_back_the_world_it_began_in() -> None:
    # The page gives every Check a Python of its own, out of Run's reach (tests/e2e/test_labs_unpoisoned.py);
    # where one Python is shared (the build, these tests), a Check leaves it as it found it.
    real_abs = builtins.abs
    try:
        assert runner.run_cell("import builtins\nbuiltins.abs = lambda x: 0.0\n", "lab:slope")["ok"]
        found = builtins.abs
        check("slope", "import builtins\nbuiltins.abs = lambda x: 1.0\n" + WRONG_SLOPE)
        assert builtins.abs is found and found is not real_abs
    finally:
        builtins.abs = real_abs
    assert_next_check_works()


def test_literal_answers_do_not_pass() -> None:
    seen = check("slope", WRONG_SLOPE)["checks"][0]
    expected = float(seen["rows"][0]["expected"])
    verdict = check("slope", f"def slope(f, x, h=1e-5):\n    return {expected!r}\n")
    assert verdict["verdict"] == "fail"


def test_missing_definition_is_named() -> None:
    verdict = check("slope", "def slop(f, x, h=1e-5):\n    return 0.0\n")
    assert verdict["verdict"] == "error" and "`slope`" in verdict["summary"]


def test_errors_in_a_check_show_the_learners_lines() -> None:
    verdict = check("slope", "def slope(f, x, h=1e-5):\n    return (f(x + h) - f(x - h)) / (2 * g)\n")
    error = verdict["checks"][0]["error"]
    assert error["type"] == "NameError"
    assert 'File "your code", line 2, in slope' in error["traceback"]
    assert re.findall(r'File "([^"]+)"', error["traceback"]) == ["the check", "your code"]


def test_a_grader_copy_does_not_take_the_imported_graders_place() -> None:
    # A grader that is not in sys.modules (a copy, as the likely-causes tests make) is put back in
    # itself after its check, and never put into sys.modules in place of the imported one.
    grader = grading.load("slope")
    copy = types.ModuleType(grader.__name__)
    copy.__dict__.update({k: v for k, v in vars(grader).items() if k != "__name__"})
    copy.MISTAKES = []
    assert grading.grade(copy, WRONG_SLOPE, seed=0)["verdict"] == "fail"
    assert sys.modules[grader.__name__] is grader and grading.load("slope").MISTAKES
