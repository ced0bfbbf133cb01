"""The engine page's worker module (backprop_worker.engine_source): a learner's edit of engine/ is
written, loaded, reported and undone."""

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.repo import ROOT

SWAP = textwrap.dedent(
    """
    import json, sys
    sys.path.insert(0, sys.argv[1])  # a copy of engine/, which the module rewrites
    from backprop_worker import engine_source as source
    from engine import Value

    out = {}
    text = source.files()["value.py"]
    broken = text.replace('"*", (other.data, self.data))', '"*", (self.data, other.data))')
    out["edited"] = broken != text
    out["apply"] = source.apply({"value.py": broken})
    import engine
    a, b = engine.Value(2.0), engine.Value(5.0)
    (a * b).backward()
    out["broken_grad"] = a.grad
    out["bad"] = source.apply({"value.py": text + "\\ndef oops(:\\n"})
    out["unknown"] = source.apply({"../evil.py": ""})
    out["restore"] = source.restore()
    import engine.nn
    a, b = engine.Value(2.0), engine.Value(5.0)
    (a * b).backward()
    out["restored_grad"] = a.grad
    out["nn_uses_new_value"] = engine.nn.Value is engine.Value
    print(json.dumps(out))
    """
)


def test_engine_source_applies_reports_and_restores(tmp_path: Path) -> None:
    # A copy of engine/: the module rewrites the files it loads, and the repo's must stay as they are.
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-c", SWAP, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["edited"]
    assert out["apply"] == {"ok": True, "changed": ["value.py"]}
    assert out["broken_grad"] == 2.0  # the swapped local gradients, as the learner's edit says
    assert not out["bad"]["ok"] and out["bad"]["error"]["type"] == "SyntaxError"
    assert "engine/value.py" in out["bad"]["error"]["traceback"]
    assert not out["unknown"]["ok"]
    assert out["restore"] == {"ok": True, "changed": []}
    assert out["restored_grad"] == 5.0
    assert out["nn_uses_new_value"]
