"""notebooks.json's lessons, from lesson Markdown: prose and code cells in order with the ids the page
gives them, snippets read, and the site's own Markdown said in a way a notebook reads."""

from pathlib import Path

from backprop_site.fences import find_fences
from backprop_site.notebooks import lesson_cells, notebook_markdown

LESSON = '''# A lesson

See [the chain rule](../chain/rule.md#paths) and [micrograd](https://github.com/karpathy/micrograd).

```python run
print(1)
```

!!! tip "Before you start"
    Nudge it and see.

```python lab="value-ops"
class Value: ...
```

```python graph
a = Value(2.0)
```

<div class="bp-attention" data-name="emma"></div>

=== "value.py"

    ```python
    --8<-- "engine/__init__.py"
    ```
'''


def test_a_lessons_cells_keep_the_order_and_ids_of_its_page(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text('"""The engine."""\nfrom engine.value import Value\n')
    cells = lesson_cells(LESSON, find_fences(LESSON), tmp_path)
    kinds = [(c.get("kind", "markdown"), c.get("id")) for c in cells]
    assert kinds == [
        ("markdown", None),
        ("run", "cell-0"),
        ("markdown", None),
        ("lab", "value-ops"),
        ("graph", "graph-2"),
        ("markdown", None),
    ]
    assert cells[1]["code"] == "print(1)" and cells[3]["code"] == "class Value: ..."
    first, tip, last = cells[0]["markdown"], cells[2]["markdown"], cells[5]["markdown"]
    # A link to a lesson keeps its words (the notebook has no site beside it); a link to the web stays.
    assert "See the chain rule and [micrograd](https://github.com/karpathy/micrograd)." in first
    assert tip == "> **Before you start**\n> Nudge it and see."
    assert "*(On the course's site, an interactive picture stands here.)*" in last
    tab = '> **value.py**\n\n> ```python\n> """The engine."""\n> from engine.value import Value\n> ```'
    assert tab in last


def test_markdown_in_code_stays_as_written() -> None:
    lines = ["```md", "!!! note", "    [a](b.md)", "```"]
    assert notebook_markdown(lines) == "\n".join(lines)
