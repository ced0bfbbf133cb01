"""The page<->worker protocol: every Python function the front end calls is on protocol.js's allow-list,
every allowed name is a real function the worker's calls.CALLS names, and every call's result and
events, run here in CPython, carry the keys protocol.js says they do."""

import importlib
import json
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tests.repo import ROOT

FRONTEND = ROOT / "site" / "frontend"
PROTOCOL = FRONTEND / "worker" / "protocol.js"

CALL = re.compile(r"(?<!runner)\.call\(\s*(?P<module>\"\w+\"|\w+)\s*,\s*(?P<func>\"\w+\"|\w+)")
RUNNER = re.compile(r"createRunner\(\s*\w+\s*,\s*\"(\w+)\"")  # training/trainer.js: one module per trainer
RUNNER_CALL = re.compile(r"\brunner\.call\(\s*\"(\w+)\"")
REQUEST = re.compile(r"module:\s*\"(?P<module>\w+)\",\s*func:\s*\"(?P<func>\w+)\"")
SEND = re.compile(r"\bsend\(\s*\"(\w+)\"")  # engine-source: send("apply", ...) passes the function's name


def protocol() -> dict:
    """protocol.js's CALLS and EVENTS, as Node reads them."""
    url = json.dumps(PROTOCOL.as_uri())
    script = f"import({url}).then((m) => console.log(JSON.stringify({{calls: m.CALLS, events: m.EVENTS}})))"
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


PROTOCOL_TYPES = protocol()


def allowed_calls() -> set[str]:
    return set(PROTOCOL_TYPES["calls"])


def constant(source: str, name: str) -> str | None:
    found = re.search(rf"\bconst {name} = \"(\w+)\"", source)
    return found[1] if found else None


def call_sites() -> dict[str, set[str]]:
    """Every module.function a front-end file asks the worker to call."""
    sites: dict[str, set[str]] = {}
    for path in FRONTEND.rglob("*.js"):
        if path.parent.name in ("worker-client", "worker"):
            continue  # the protocol itself, not its users
        source = path.read_text()
        if "export function createRunner" in source:
            continue  # training/trainer.js forwards the calls its trainers name (RUNNER below)
        names = set()
        for m in CALL.finditer(source):
            module = m["module"].strip('"') if m["module"].startswith('"') else constant(source, m["module"])
            if m["func"].startswith('"'):
                funcs = {m["func"].strip('"')}
            else:
                funcs = {constant(source, m["func"])} - {None} or set(SEND.findall(source))
            assert module and funcs, f"{path.relative_to(ROOT)}: a call the test cannot read: {m[0]}"
            names |= {f"{module}.{f}" for f in funcs}
        names |= {f"{m['module']}.{m['func']}" for m in REQUEST.finditer(source)}
        for module in RUNNER.findall(source):
            names |= {f"{module}.{func}" for func in RUNNER_CALL.findall(source)}
        if names:
            sites[str(path.relative_to(ROOT))] = names
    return sites


def test_every_call_from_the_page_is_allowed() -> None:
    sites = call_sites()
    assert "site/frontend/labs/lab.js" in sites and "site/frontend/training/moons.js" in sites
    for path, names in sites.items():
        assert names <= allowed_calls(), f"{path} calls {sorted(names - allowed_calls())}, not in protocol.js"


def test_every_allowed_call_is_used_and_exists_in_the_worker() -> None:
    from backprop_worker import calls

    used = set().union(*call_sites().values())
    assert allowed_calls() == used, f"allowed but never called: {sorted(allowed_calls() - used)}"
    assert set(calls.CALLS) == allowed_calls(), "protocol.js's CALLS and the worker's calls.CALLS differ"
    for name, (module, attribute) in calls.CALLS.items():
        assert callable(getattr(importlib.import_module(module), attribute)), name
        assert not attribute.startswith("_"), name


def test_a_result_with_nan_or_infinity_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from backprop_worker import runner

    from training import moons_trainer

    for text in ("NaN", "Infinity", "[1, -Infinity]"):
        monkeypatch.setattr(moons_trainer, "points", lambda text=text: json.loads(text))
        reply = json.loads(runner.call_json("moons_trainer", "points", "{}"))
        assert reply["ok"] is False and reply["error"]["type"] == "InvalidResult", text
    monkeypatch.setattr(moons_trainer, "points", lambda: [1.5])
    assert json.loads(runner.call_json("moons_trainer", "points", "{}")) == [1.5]


def assert_keys(what: str, payload: dict, declared: list[str]) -> None:
    """payload has every declared key (a "?" one may be missing) and no other."""
    required = {k for k in declared if not k.endswith("?")}
    known = {k.rstrip("?") for k in declared}
    assert isinstance(payload, dict), f"{what}: {payload!r}"
    assert required <= set(payload), f"{what} lacks {sorted(required - set(payload))}"
    assert set(payload) <= known, f"{what} has {sorted(set(payload) - known)}, not in protocol.js"


# Arguments for one quick run of each call, as the page sends them (engine_source runs apart, below).
EXAMPLES = {
    "labs.check": [{"lab": "value-ops", "code": "SOLUTION"}, {"lab": "value-ops", "code": "x = 1"}],
    "labs.hint": [{"lab": "value-ops", "index": 0}],
    "labs.solution": [{"lab": "value-ops"}, {"lab": "linear", "starting": "STARTING linear"}],
    "graph.nudge": [{"graph": "GRAPH", "values": [[0, 2.5]]}],
    # Switched on before the trainers' runs on "mine" below.
    "learner_engine.use": [{"trainer": "names", "saved": "SOLUTIONS", "passed": "ENGINE LABS"}],
    "learner_engine.download": [
        {"saved": "SOLUTIONS", "passed": "ENGINE LABS", "modules": [], "day": "2026-12-04"}
    ],
    "moons_trainer.points": [{}],
    "moons_trainer.train": [
        {"hidden": [4], "steps": 3, "learning_rate": 0.5, "picture_every": 2},
        {"hidden": [4], "steps": 2, "engine": "mine"},
    ],
    "names_trainer.story": [{}],
    "names_trainer.sample": [{"temperature": 0.5, "count": 2, "seed": 0}, {"count": 1, "engine": "mine"}],
    "names_trainer.train": [
        {"mode": "scratch", "steps": 2, "sample_every": 1, "count": 1, "seed": 7},
        {"mode": "continue", "steps": 1, "count": 1, "engine": "mine"},
    ],
    "attention.weights": [{"name": "emma"}],
    "sampling.steps": [{"seed": 3, "temperature": 1.5}],
    "letter_loss.compare": [{"name": "jo"}],
    "gradient_check.sample": [{"name": "al", "seed": 1, "rule": "mul"}],
    "gradient_check.gradients": [
        {"name": "jo", "parameters": [["wte", 9, 0], ["lm_head", 26, 3]], "rule": "exp"}
    ],
}


def example(args: dict) -> dict:
    import diagrams
    from engine import Value
    from lab_checks import grading

    if args.get("code") == "SOLUTION":
        return {**args, "code": grading.load(args["lab"]).SOLUTION}
    if args.get("starting") == "STARTING linear":
        from tests.lab_checks.conftest import lesson_labs

        return {**args, "starting": lesson_labs()["linear"][2]}
    if args.get("saved") == "SOLUTIONS":
        from learner_engine.assemble import PIECES

        labs = [lab for lab, _, _ in PIECES]
        return {**args, "saved": {lab: grading.load(lab).SOLUTION for lab in labs}, "passed": labs}
    if args.get("graph") == "GRAPH":
        a, b = Value(2.0), Value(-3.0)
        c = a * b + a
        graph = diagrams.diagram_in(c, {"a": a, "b": b, "c": c})
        return {**args, "graph": graph, "values": [[graph["leaves"][0], 2.5]]}
    return args


@pytest.fixture
def emitted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict]]:
    """What Python emits to the page, (kind, payload) in order: the browser's backprop_bridge, faked."""
    events: list[tuple[str, dict]] = []
    bridge = types.SimpleNamespace(emit=lambda kind, text: events.append((kind, json.loads(text))))
    monkeypatch.setitem(sys.modules, "backprop_bridge", bridge)
    return events


def test_every_call_returns_and_streams_what_protocol_js_says(
    monkeypatch: pytest.MonkeyPatch, emitted: list
) -> None:
    from backprop_worker import runner

    from training import names_trainer

    events = emitted
    from learner_engine import switch

    monkeypatch.setattr(names_trainer, "state", {})  # a scratch run here leaves the page's model alone
    monkeypatch.setattr(switch, "loaded", {})
    calls = PROTOCOL_TYPES["calls"]
    assert set(EXAMPLES) | {"engine_source.apply", "engine_source.restore"} == set(calls)
    for name, examples in EXAMPLES.items():
        module, func = name.split(".")
        for args in examples:
            events.clear()
            reply = json.loads(runner.call_json(module, func, json.dumps(example(args))))
            assert "error" not in reply or "verdict" in reply, f"{name} failed: {reply}"
            assert_keys(f"{name}'s result", reply, calls[name]["result"])
            streams = calls[name].get("events")
            assert bool(events) == bool(streams), (
                f"{name}: events {events[:1]} but protocol.js says {streams}"
            )
            for kind, payload in events:
                assert kind == "training", name
                assert_keys(
                    f"{name}'s {payload.get('event')} event",
                    {k: v for k, v in payload.items() if k != "event"},
                    streams[payload["event"]],
                )
            if streams:
                assert [p["event"] for _, p in events] == ["start", *["step"] * args["steps"], "done"], name


def test_a_failed_call_has_the_one_failure_shape(emitted: list) -> None:
    from backprop_worker import runner

    refused = json.loads(runner.call_json("moons_trainer", "train", json.dumps({"hidden": [0]})))
    raised = json.loads(runner.call_json("attention", "weights", json.dumps({"name": "Émile 2"})))
    for reply in (refused, raised):
        assert reply["ok"] is False and set(reply) == {"ok", "error"}, reply
        assert {"type", "message", "traceback"} <= set(reply["error"]), reply
    assert (
        refused["error"]["type"] == "ValueError"
        and refused["error"]["message"] == refused["error"]["traceback"]
    )
    assert raised["error"]["type"] == "ValueError" and "Traceback" in raised["error"]["traceback"]


def test_the_events_a_cell_sends_are_typed(emitted: list) -> None:
    from backprop_worker import outputs

    from engine import Value

    events = emitted
    a = Value(2.0)
    outputs.show(a * 3, title="a times 3")
    outputs.plot([1, 2, 3], [3, 1, 2], labels=["loss"])
    assert [kind for kind, _ in events] == ["graph", "plot"]
    for kind, payload in events:
        assert_keys(f"the {kind} event", payload, PROTOCOL_TYPES["events"][kind])


ENGINE_CALLS = """
import json, sys
sys.path.insert(0, sys.argv[1])  # a copy of engine/, which the module rewrites
from backprop_worker import runner
print(json.dumps([json.loads(runner.call_json("engine_source", "apply", json.dumps({"files": {}}))),
                  json.loads(runner.call_json("engine_source", "restore", "{}"))]))
"""


def test_the_engine_page_calls_return_what_protocol_js_says(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "engine", tmp_path / "engine")
    done = subprocess.run(
        [sys.executable, "-c", ENGINE_CALLS, str(tmp_path)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    applied, restored = json.loads(done.stdout)
    assert applied["ok"] and restored["ok"], (applied, restored)
    assert_keys(
        "engine_source.apply's result", applied, PROTOCOL_TYPES["calls"]["engine_source.apply"]["result"]
    )
    assert_keys(
        "engine_source.restore's result", restored, PROTOCOL_TYPES["calls"]["engine_source.restore"]["result"]
    )
