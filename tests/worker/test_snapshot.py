"""The build's snapshot of Python's memory, restored in Node as the worker restores it: it holds our
Python from this build's python.zip, kept when the hashes agree and forgotten (then imported from the
files) when a cache hands out another version's copy."""

import json
import subprocess

from tests.repo import ROOT
from tests.site_server import SITE

SNAPSHOT_JS = ROOT / "site" / "frontend" / "worker" / "snapshot.js"
RESTORE = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
const { HOME, keepOursIf, unpackPages } = await import(%(snapshot_js)s);
const read = (name) => new Uint8Array(readFileSync(%(backprop)s + "/" + name));
const packed = new Uint8Array(gunzipSync(read("python-snapshot.gz")));
const pyodide = await loadPyodide({ _loadSnapshot: unpackPages(packed) });
const before = pyodide.runPython("import sys; 'backprop_worker.runner' in sys.modules");
pyodide.unpackArchive(read("python.zip"), "zip", { extractDir: HOME });
pyodide.runPython(keepOursIf(%(python)s));
const kept = pyodide.runPython("import sys; 'backprop_worker.runner' in sys.modules");
const works = pyodide.runPython("import backprop_worker.runner as r; callable(r.run_cell)");
console.log(JSON.stringify({ before, kept, works }));
"""


def restore(python: str) -> dict:
    """Restore the snapshot, unpack python.zip and keep our Python only if it came from `python`."""
    script = RESTORE % {
        "snapshot_js": json.dumps(SNAPSHOT_JS.as_uri()),
        "backprop": json.dumps(str(SITE / "assets" / "backprop")),
        "python": json.dumps(python),
    }
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_snapshot_holds_this_builds_python_and_forgets_another_versions() -> None:
    build = json.loads((SITE / "assets" / "backprop" / "build.json").read_text())
    assert restore(build["python"]) == {"before": True, "kept": True, "works": True}
    assert restore("another-version") == {"before": True, "kept": False, "works": True}
