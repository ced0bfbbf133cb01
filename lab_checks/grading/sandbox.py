"""Where learner code runs during a Check: every call is fenced, and the world is put back after it.

The page gives every Check a Python of its own, so the world a Check starts in is the grader's; but
learner code shares that interpreter with the grader, so a check must not believe anything that code
could have bent. Sandbox(grader) notes that world, and around every call into learner code
- captures what it prints (capped), and refuses new audit hooks (they would outlive the call);
- afterwards puts back, exactly as they were when the Check started, the module dictionaries of
  builtins, sys, math, random, json, traceback, engine.*, gpt.*, lab_checks.* and the worker's calls,
  runner and labs, the classes defined in them, the code, defaults and closures of their functions,
  the graders' checks and mistakes (a frozen dataclass can still be changed with object.__setattr__),
  sys.modules entries, trace/profile functions, the recursion limit, gc callbacks and import hooks;
- turns any exception, even SystemExit or a BaseException subclass, into a `Raised` outcome,
  except KeyboardInterrupt (the page's Stop or time limit), which ends the whole check.

The code between a learner call and the restore uses only names bound in this module, never a
builtin looked up at call time. This keeps honest verdicts against accidents and the usual
sabotage; it is not a security boundary: a learner who owns the browser can reach the page.
"""

import builtins
import gc
import operator
import sys
from types import FunctionType, ModuleType

# Bound once, before any learner code: restoring must not depend on the builtins it restores.
_all, _len, _map, _is, _type, _list, _dict, _str = all, len, map, operator.is_, type, list, dict, str
_BaseException, _KeyboardInterrupt, _ValueError = BaseException, KeyboardInterrupt, ValueError
_EMPTY = object()  # an empty closure cell
_exec = builtins.exec

PROTECTED_MODULES = (
    "builtins",
    "sys",
    "gc",
    "math",
    "random",
    "json",
    "json.encoder",
    "json.decoder",
    "time",
    "traceback",
    "linecache",
    "engine",
    "gpt",
    "backprop_worker",
    "backprop_worker.calls",
    "backprop_worker.runner",
    "backprop_worker.labs",
)
PROTECTED_PACKAGES = ("engine.", "gpt.", "lab_checks")  # what graders import: the engine, gpt.model
SYS_LISTS = ("meta_path", "path_hooks", "path")
ARMED = ("stdout", "stderr", "addaudithook")  # what call() sets in sys while learner code runs
_SYS_DICT = sys.__dict__
PRINT_LIMIT = 20_000

_graveyard: list = []  # what learner code left in protected places: kept alive so no __del__ runs mid-check


class Returned:
    """A learner call that returned value."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Raised:
    """A learner call that raised error (any BaseException but KeyboardInterrupt)."""

    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


class Printed:
    """sys.stdout and sys.stderr while learner code runs: keeps the first PRINT_LIMIT characters."""

    def __init__(self) -> None:
        self.parts: list = []
        self.room = PRINT_LIMIT
        self.total = 0
        self.encoding = "utf-8"

    def write(self, text):
        if _type(text) is not _str:
            return 0
        n = _len(text)
        self.total += n
        if self.room > 0:
            self.parts.append(text[: self.room])
            self.room -= n
        return n

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def text(self) -> str:
        kept = "".join(p for p in self.parts if type(p) is str)
        if self.total > PRINT_LIMIT:
            kept += f"\n… and {self.total - PRINT_LIMIT:,} more characters (not shown)"
        return kept


def _refuse_audit_hook(hook) -> None:
    raise RuntimeError("labs do not allow sys.addaudithook: it would stay after the check")


class World:
    """The protected state as it is now (and the grader's), as copies that can be compared and put back."""

    def __init__(self, grader: ModuleType) -> None:
        self.entries = [
            (name, m)
            for name, m in _list(sys.modules.items())
            if isinstance(m, ModuleType)
            and (name in PROTECTED_MODULES or name.startswith(PROTECTED_PACKAGES))
        ]
        modules = [m for _, m in self.entries]
        if not any(m is grader for m in modules):
            modules.append(grader)  # a grader loaded from its file, not imported
        modules.sort(key=lambda m: {"sys": 0, "builtins": 1}.get(m.__name__, 2))  # first: the rest uses them
        self.modules = [(m, _type(m), _dict(m.__dict__)) for m in modules]
        self.classes = [(c, _type(c), _dict(c.__dict__)) for m in modules for c in _classes_of(m)]
        self.lists = [(sys.__dict__[name], _list(sys.__dict__[name])) for name in SYS_LISTS]
        self.lists.append((gc.callbacks, _list(gc.callbacks)))
        # Module-level lists and dicts of graders (HINTS, MISTAKES): their contents are put back too.
        containers = [c for m in modules if _is_grader(m) for c in _containers_of(m)]
        self.lists += [(c, _list(c)) for c in containers if _type(c) is list]
        self.dicts = [(c, _dict(c)) for c in containers if _type(c) is dict]
        self.functions = [_function_state(f) for f in _functions_of(self.modules, self.classes)]
        self.objects = [(o, _dict(o.__dict__)) for o in _grader_objects(self.modules)]
        self.trace = sys.gettrace()
        self.profile = sys.getprofile()
        self.recursion_limit = sys.getrecursionlimit()
        self.gc_enabled = gc.isenabled()

    def restore(self) -> None:
        """Put every protected thing back (sys and builtins first); what was there goes to the graveyard."""
        for state in self.functions:
            _restore_function(*state)
        for obj, saved in self.objects:
            _restore_dict(obj.__dict__, saved)
        for module, kind, saved in self.modules:
            if _type(module) is not kind:
                module.__class__ = kind
            _restore_dict(module.__dict__, saved)
        modules = sys.modules
        for name, module in self.entries:
            if modules.get(name) is not module:
                _graveyard.append(modules.get(name))
                modules[name] = module
        for cls, kind, saved in self.classes:
            if _type(cls) is not kind:
                cls.__class__ = kind
            _restore_class(cls, saved)
        for items, saved in self.lists:
            if _len(items) != _len(saved) or not _all(_map(_is, items, saved)):
                _graveyard.append(items[:])
                items[:] = saved
        for d, saved in self.dicts:
            _restore_dict(d, saved)
        if sys.gettrace() is not self.trace:
            sys.settrace(self.trace)
        if sys.getprofile() is not self.profile:
            sys.setprofile(self.profile)
        if sys.getrecursionlimit() != self.recursion_limit:
            sys.setrecursionlimit(self.recursion_limit)
        if gc.isenabled() != self.gc_enabled:
            (gc.enable if self.gc_enabled else gc.disable)()


def _functions_of(modules: list, classes: list) -> list[FunctionType]:
    """The Python functions in these modules and classes, their methods and their checks' make()."""
    found: dict[int, FunctionType] = {}
    values = [v for _, _, saved in modules + classes for v in saved.values()]
    values += [v.make for v in values if type(v).__name__ == "Check" and hasattr(v, "make")]
    for v in values:
        if type(v) in (staticmethod, classmethod):
            v = v.__func__
        elif type(v) is property:
            values += [f for f in (v.fget, v.fset, v.fdel) if f is not None]
        if type(v) is FunctionType:
            found[id(v)] = v
    return list(found.values())


def _function_state(f: FunctionType) -> tuple:
    kwdefaults = f.__kwdefaults__
    cells = []
    for cell in f.__closure__ or ():
        try:
            cells.append((cell, cell.cell_contents))
        except ValueError:
            cells.append((cell, _EMPTY))
    return f, f.__code__, f.__defaults__, kwdefaults, None if kwdefaults is None else dict(kwdefaults), cells


def _restore_function(f, code, defaults, kwdefaults, saved_kwdefaults, cells) -> None:
    if f.__code__ is not code:
        _graveyard.append(f.__code__)
        f.__code__ = code
    if f.__defaults__ is not defaults:
        _graveyard.append(f.__defaults__)
        f.__defaults__ = defaults
    if f.__kwdefaults__ is not kwdefaults:
        _graveyard.append(f.__kwdefaults__)
        f.__kwdefaults__ = kwdefaults
    if kwdefaults is not None:
        _restore_dict(kwdefaults, saved_kwdefaults)
    for cell, value in cells:
        try:
            now = cell.cell_contents
        except _ValueError:
            now = _EMPTY
        if now is not value:
            _graveyard.append(now)
            if value is _EMPTY:
                del cell.cell_contents
            else:
                cell.cell_contents = value


def _grader_objects(modules: list) -> list:
    """The graders' checks and mistakes (module-level, and in module-level lists such as MISTAKES)."""
    found = []
    for module, _, saved in modules:
        if not _is_grader(module):
            continue
        values = _list(saved.values())
        values += [item for v in values if type(v) is list for item in v]
        found += [
            v for v in values if type(v).__module__ == "lab_checks.grading.model" and hasattr(v, "__dict__")
        ]
    return found


def _classes_of(module: ModuleType) -> list[type]:
    return [
        c
        for c in dict(module.__dict__).values()
        if isinstance(c, type) and c.__dict__.get("__module__") == module.__name__ and _mutable(c)
    ]


def _is_grader(module: ModuleType) -> bool:
    return module.__name__.startswith("lab_checks.") and not module.__name__.startswith("lab_checks.grading")


def _containers_of(module: ModuleType) -> list:
    """A grader's module-level lists and dicts (HINTS, MISTAKES, tables of cases)."""
    return [v for k, v in dict(module.__dict__).items() if type(v) in (list, dict) and not k.startswith("__")]


def _mutable(cls: type) -> bool:
    """Only classes written in Python can be patched (builtin types refuse new attributes)."""
    return not cls.__flags__ & (1 << 8)  # Py_TPFLAGS_IMMUTABLETYPE; static types have it since 3.10


def _restore_dict(d: dict, saved: dict) -> None:
    if _len(d) == _len(saved) and _all(_map(_is, d, saved)) and _all(_map(_is, d.values(), saved.values())):
        return
    _graveyard.append(d.copy())
    d.clear()
    d.update(saved)


def _restore_class(cls: type, saved: dict) -> None:
    current = cls.__dict__
    if (
        _len(current) == _len(saved)
        and _all(_map(_is, current, saved))
        and _all(_map(_is, current.values(), saved.values()))
    ):
        return
    _graveyard.append(_dict(current))
    for name in _list(current):
        if name not in saved:
            delattr(cls, name)
    for name, value in saved.items():
        if current.get(name) is not value:
            setattr(cls, name, value)


class Sandbox:
    """The calls into learner code of one Check, each followed by a return to the world the Check began in."""

    def __init__(self, grader: ModuleType) -> None:
        self.world = World(grader)
        self.unarmed = [(name, _SYS_DICT[name]) for name in ARMED]
        self.printed = Printed()
        self.kept: list = []  # everything learner code handed over, released in the sandbox at the end

    def keep(self, namespace: dict) -> dict:
        """Hold a namespace of learner code until the end, when it is emptied inside the sandbox."""
        self.kept.append(namespace)
        return namespace

    def end(self) -> None:
        """End the Check: let go of what learner code left behind."""
        self.call(self._release, quiet=True)

    def _release(self) -> None:
        # Learner objects die here, inside a call, so their __del__ cannot reach the grader's code.
        for thing in self.kept:
            if type(thing) is dict:
                thing.clear()
        self.kept.clear()
        _graveyard.clear()
        gc.collect()

    def call(self, fn, *args, quiet: bool = False):
        """fn(*args) with learner code inside: Returned or Raised; KeyboardInterrupt propagates.

        What it prints goes to self.printed, or nowhere when quiet (the grader's own known mistakes).
        """
        armed = _SYS_DICT
        armed["stdout"] = armed["stderr"] = Printed() if quiet else self.printed
        armed["addaudithook"] = _refuse_audit_hook
        try:
            value = fn(*args)
        except _KeyboardInterrupt:
            self._after()
            raise
        except _BaseException as error:  # noqa: B036 -- SystemExit and friends are learner failures here
            self._after()
            self.kept.append(error)
            return Raised(error)
        self._after()
        self.kept.append(value)
        return Returned(value)

    def _after(self) -> None:
        # What call() itself changed goes back first, so an untouched world is quick to confirm.
        for name, value in self.unarmed:
            _SYS_DICT[name] = value
        self.world.restore()

    def run(self, code, namespace: dict, quiet: bool = False):
        """exec(code, namespace) as a learner call."""
        return self.call(_exec, code, namespace, quiet=quiet)
