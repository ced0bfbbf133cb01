"""The page<->worker protocol: every Python function the front end calls is on protocol.js's allow-list,
and every allowed name is a real function the worker's calls.CALLS names."""

import importlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "site" / "frontend"
PROTOCOL = FRONTEND / "worker" / "protocol.js"

CALL = re.compile(r"(?<!runner)\.call\(\s*(?P<module>\"\w+\"|\w+)\s*,\s*(?P<func>\"\w+\"|\w+)")
RUNNER = re.compile(r"createRunner\(\s*\w+\s*,\s*\"(\w+)\"")  # training/trainer.js: one module per trainer
RUNNER_CALL = re.compile(r"\brunner\.call\(\s*\"(\w+)\"")
REQUEST = re.compile(r"module:\s*\"(?P<module>\w+)\",\s*func:\s*\"(?P<func>\w+)\"")
SEND = re.compile(r"\bsend\(\s*\"(\w+)\"")  # engine-source: send("apply", ...) passes the function's name


def allowed_calls() -> set[str]:
    block = PROTOCOL.read_text().split("export const CALLS = {", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r'^\s*"(\w+\.\w+)":', block, re.M))


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
