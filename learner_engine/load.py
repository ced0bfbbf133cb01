"""The assembled files as live modules: my_engine and the microgpt glue on it, fresh on every load."""

import linecache
import sys
import types
from pathlib import Path

from learner_engine.assemble import PACKAGE

# The course's glue around the learner's pieces: the names page's GPT and the moons page's MLP.
GLUE = ("microgpt", "mlp")


def load(files: dict[str, str]) -> dict[str, types.ModuleType]:
    """The glue modules on a fresh my_engine made from files (tracebacks name my_engine/value.py and its
    lines), by name: {"microgpt": ..., "mlp": ...}."""
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]
    package = _module(PACKAGE, is_package=True)
    for path in sorted(files, key=lambda p: p.endswith("__init__.py")):  # the package's own file last
        name = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        module = package if name == PACKAGE else _module(name)
        # linecache holds the text, so a traceback (and an EngineBroken) can quote the line that raised.
        linecache.cache[path] = (len(files[path]), None, files[path].splitlines(keepends=True), path)
        exec(compile(files[path], path, "exec"), module.__dict__)
        if module is not package:
            setattr(package, name.rpartition(".")[2], module)
    glue = {}
    for name in GLUE:
        path = Path(__file__).with_name(f"{name}.py")
        glue[name] = types.ModuleType(name)
        glue[name].__file__ = str(path)
        exec(compile(path.read_text(), path.name, "exec"), glue[name].__dict__)
    return glue


def _module(name: str, is_package: bool = False) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = name.replace(".", "/") + ("/__init__.py" if is_package else ".py")
    if is_package:
        module.__path__ = []
    sys.modules[name] = module
    return module
