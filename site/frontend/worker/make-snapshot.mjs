// Build step (assets.make_snapshot): Python's memory once started and our Python imported, packed and gzipped.
// Pages restore it instead of starting the interpreter, which is most of a visit's wait (seconds on a phone).
// Usage: node site/frontend/worker/make-snapshot.mjs <out.gz> <python.zip> <its hash>

import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { HOME, ourImports, packPages, WARM_IMPORTS } from "./snapshot.js";

const [out, archive, python] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.runPython(WARM_IMPORTS);
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: HOME });
pyodide.runPython(ourImports(python));
writeFileSync(out, gzipSync(Buffer.concat(packPages(pyodide.makeMemorySnapshot())), { level: 9 }));
