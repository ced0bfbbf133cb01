// A copy of Python's memory right after it started, made at build time (make-snapshot.mjs) and shipped
// gzipped beside Pyodide: every visit, the first included, restores it instead of starting the
// interpreter (several times faster). It holds Python and the standard library only (the repo's Python
// is unpacked after it), so editing engine/ keeps it valid.

// Standard-library modules the worker, the engine and the graders import: imported once, kept in the copy.
export const WARM_IMPORTS = "import builtins, collections.abc, dataclasses, gc, importlib, json, linecache, math, " +
  "operator, pathlib, pkgutil, random, re, time, traceback, types";

// The shipped copy for this build (named in build.json), or null when the build has none or it cannot
// be read; the worker then starts Python the slow way.
export async function loadSnapshot(info, pyodideBase) {
  if (!info?.snapshot || typeof DecompressionStream === "undefined") return null;
  try {
    const response = await fetch(new URL(`python-snapshot.gz?v=${info.snapshot}`, pyodideBase));
    if (!response.ok) return null;
    const unzipped = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
    return new Uint8Array(await unzipped.arrayBuffer());
  } catch {
    return null;
  }
}
