"""Download my code: one zip of the learner's engine as a package, microgpt.py on it with the names it
learns from, the course's engine/ and gpt/ for the notebooks, and one notebook per module of the course
with the learner's code in it. Everything in it runs on a plain CPython 3.11 or newer."""

import base64
import io
import zipfile
from pathlib import Path

import engine
import gpt
from learner_engine.assemble import PACKAGE, Assembly, AssemblyError, assemble
from learner_engine.notebooks import notebook

FOLDER = "backprop-lab-code"
HERE = Path(__file__).parent
NAMES_SOURCE = """# names.txt

5,163 first names, lower case (a to z only), deduplicated, in alphabetical order, one a line: what
microgpt.py learns from, as on the course's names page.

- **Source:** the US Census Bureau's 1990 first-name lists (`dist.female.first` and `dist.male.first`),
  public-domain works of the US government.
- **Packaged by:** the `names` package 0.3.0 on PyPI (MIT licence), from which the course took the lists:
  each line's first field, lower-cased; the union of both lists, sorted.
"""


def download(saved: dict[str, str], passed: list[str], modules: list[dict], day: str) -> dict:
    """The zip as base64 with its name and files, and whose each piece of the engine is. saved: code by
    lab id; modules: notebooks.json's, each code cell's "code" the learner's where "mine"."""
    assembly, left_out = _assembly(saved, set(passed))
    files = package(assembly, left_out, modules, day)
    data = io.BytesIO()
    stamp = (*(int(part) for part in day.split("-")), 0, 0, 0) if day else (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(f"{FOLDER}/{path}", stamp), text, zipfile.ZIP_DEFLATED)
    return {
        "ok": True,
        "name": f"{FOLDER}-{day}.zip" if day else f"{FOLDER}.zip",
        "zip": base64.b64encode(data.getvalue()).decode("ascii"),
        "files": list(files),
        "pieces": assembly.describe(),
        "left_out": left_out,
    }


def package(assembly: Assembly, left_out: dict[str, str], modules: list[dict], day: str) -> dict[str, str]:
    """Every file of the download by its path in the folder."""
    files = {"README.md": _readme(assembly, left_out, modules, day), **assembly.files}
    files["microgpt.py"] = (HERE / "microgpt.py").read_text()
    files["site_outputs.py"] = (HERE / "site_outputs.py").read_text()
    files["names.txt"] = (Path(gpt.__file__).parent / "data" / "names.txt").read_text()
    files["NAMES.md"] = NAMES_SOURCE
    for course_package in (engine, gpt):
        folder = Path(course_package.__file__).parent
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in {".py", ".json", ".txt"}:
                files[f"{folder.name}/{path.relative_to(folder).as_posix()}"] = path.read_text()
    for module in modules:
        files[module["file"]] = notebook(module)
    return files


def _assembly(saved: dict[str, str], passed: set[str]) -> tuple[Assembly, dict[str, str]]:
    """The learner's engine; a passed lab whose saved code cannot be put together is left out (the course's
    version stands in, and the notebook keeps their code), with the reason, by lab."""
    left_out = {}
    while True:
        try:
            return assemble(saved, passed), left_out
        except AssemblyError as e:
            if e.lab not in passed:
                raise  # the course's own solution: a bug of the course, not the learner's to see
            left_out[e.lab] = str(e).removesuffix(f" (lab {e.lab})")
            passed = passed - {e.lab}


def _readme(assembly: Assembly, left_out: dict[str, str], modules: list[dict], day: str) -> str:
    mine = [p for p in assembly.pieces if p.yours]
    pieces = "\n".join(
        f"  - {p.what}: {'yours, from' if p.yours else 'the course version of'} lab `{p.lab}`"
        for p in assembly.pieces
    )
    problems = "".join(
        f"\n  - Lab `{lab}`: your code could not go in ({reason}); the course's version stands in, and your\n"
        "    code is in the notebook."
        for lab, reason in left_out.items()
    )
    notebooks = "\n".join(f"- `{m['file']}`: {m['number']}. {m['title']}" for m in modules)
    return f"""# Your Backprop Lab code{f", {day}" if day else ""}

Two commands, with Python 3.11 or newer and nothing else installed:

    python microgpt.py --steps 1000
    python -m pip install notebook && python -m notebook

The first trains the course's tiny GPT on the engine you wrote ({PACKAGE}/) and prints the names it
invents (`--steps 20` for a quick try; 1,000 steps take some minutes). The second opens the notebooks
below in Jupyter, one a module of the course, with your code in the cells and labs you wrote.

## What is here

- `{PACKAGE}/`: your engine. {len(mine)} of its {len(assembly.pieces)} pieces are yours; each piece
  says whose it is in a comment:
{pieces}{problems}
- `microgpt.py`: the course's glue around your pieces (the model's shape, rmsnorm, embeddings, the
  names and the training loop), the model of the course's names page.
- `names.txt`: the names it learns from; `NAMES.md` says where they come from and under which licence.
- `engine/` and `gpt/`: the course's own engine and GPT, which the lessons' cells import.
- `site_outputs.py`: `show()` and `plot()` for the notebooks (the site draws; here they print).

## Notebooks

{notebooks}
"""
