"""One module of the course as a Jupyter notebook (nbformat 4.5): its lessons' prose and cells, with the
learner's code in the cells they edited and the starting code in the rest."""

import json
import re

SETUP = """# On the course's site, show(v) draws v's computation graph and plot(x, *ys) draws a chart;
# in this notebook they print the same numbers. engine/ and gpt/ beside it are the course's code.
from engine import Value
from site_outputs import plot, show"""
# On the site a lab's code runs apart from the lesson's cells; here they share one namespace.
GRAPH = """# On the site, these values are drawn as a diagram you can step through and nudge.
from engine import Value

"""
AFTER_LAB = """# The lab above defined its own Value; the lesson's cells below use the course's again.
from engine import Value"""


def notebook(module: dict) -> str:
    """module as notebooks.json holds it ({"number", "title", "lessons": [{"title", "cells"}]}), each
    code cell's "code" already the learner's where they edited it ("mine": true)."""
    cells = [_markdown(f"# {module['number']}. {module['title']}\n\nFrom Backprop Lab. " + _contents(module))]
    cells.append(_code(SETUP))
    for lesson in module["lessons"]:
        for cell in lesson["cells"]:
            if "markdown" in cell:
                cells.append(_markdown(cell["markdown"]))
                continue
            if cell["kind"] == "lab":
                whose = (
                    "your code from the site"
                    if cell.get("mine")
                    else "its starting code: you have not changed it"
                )
                cells.append(_markdown(f"**Lab `{cell['id']}`**, with {whose}. The site's Check grades it."))
            cells.append(_code(GRAPH + cell["code"] if cell["kind"] == "graph" else cell["code"]))
            if cell["kind"] == "lab" and re.search(r"^class Value\b", cell["code"], re.M):
                cells.append(_code(AFTER_LAB))
    for n, cell in enumerate(cells):
        cell["id"] = f"cell-{n}"
    return json.dumps(
        {
            "cells": cells,
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        ensure_ascii=False,
        indent=1,
    )


def _contents(module: dict) -> str:
    titles = [lesson["title"] for lesson in module["lessons"]]
    return "Lessons: " + "; ".join(titles) + "." if len(titles) > 1 else ""


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(text: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": text}
