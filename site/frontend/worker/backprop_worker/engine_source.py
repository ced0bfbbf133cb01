"""The engine page: a learner's edits of engine/ written to the worker's files and loaded, or undone."""

import importlib
import shutil
import sys
from pathlib import Path

import diagrams
import engine
from backprop_worker.runner import failure
from lab_checks.grading.tracebacks import describe_exception

ENGINE_DIR = Path(engine.__file__).parent
# Reloaded in this order, each module after the ones it imports, the package last.
MODULES = ("engine.value", "engine.graph", "engine.nn", "engine.datasets", "engine")
# Modules outside engine/ that hold engine names; reloaded after it so they use the new ones.
DEPENDENTS = diagrams.MODULES
# The files as the build packed them, read before anything here can change them.
ORIGINALS = {p.name: p.read_text() for p in sorted(ENGINE_DIR.glob("*.py"))}


def files() -> dict[str, str]:
    """The engine's files as they are now in the worker, by name (value.py, nn.py, ...)."""
    return {name: (ENGINE_DIR / name).read_text() for name in ORIGINALS}


def apply(files: dict[str, str]) -> dict:
    """Write these files into engine/ and load the engine again; {"ok", "changed"} or the error."""
    unknown = sorted(set(files) - set(ORIGINALS))
    if unknown:
        names = ", ".join(unknown)
        return failure("ValueError", f"Only the engine's own files can be changed here, not {names}.")
    for name, text in files.items():
        (ENGINE_DIR / name).write_text(text)
    return _reload()


def restore() -> dict:
    """Put back the engine's original files and load them again."""
    for name, text in ORIGINALS.items():
        (ENGINE_DIR / name).write_text(text)
    return _reload()


def changed() -> list[str]:
    """The names of the files that differ from the originals."""
    return [name for name, text in files().items() if text != ORIGINALS[name]]


def _reload() -> dict:
    # Cached bytecode is keyed by the file's time and size, which an edit within a second can keep.
    shutil.rmtree(ENGINE_DIR / "__pycache__", ignore_errors=True)
    importlib.invalidate_caches()
    try:
        for name in MODULES + DEPENDENTS:
            module = sys.modules.get(name)
            if module is not None:
                importlib.reload(module)
            elif name in MODULES:
                importlib.import_module(name)
    except BaseException as e:  # noqa: B036 -- a learner's engine may raise anything while loading
        error = describe_exception(e)
        error["traceback"] = error["traceback"].replace(f"{ENGINE_DIR.parent}/", "")  # engine/value.py
        return {"ok": False, "changed": changed(), "error": error}
    return {"ok": True, "changed": changed()}
