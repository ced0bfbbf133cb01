// Build step (assets.make_snapshot): Python's memory right after it started, gzipped. Pages restore it
// instead of starting the interpreter, which is most of a first visit's wait (seconds, more on a phone).
// Usage: node site/frontend/worker/make-snapshot.mjs <out.gz>

import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { WARM_IMPORTS } from "./snapshot.js";

const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.runPython(WARM_IMPORTS);
writeFileSync(process.argv[2], gzipSync(pyodide.makeMemorySnapshot()));
