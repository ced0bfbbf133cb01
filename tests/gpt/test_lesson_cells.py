"""Module 7's run cells, run in order per page as the page runs them (cells share their variables)."""

import contextlib
import io
import re

import pytest

from tests import repo

LESSONS = repo.LESSONS / "gpt"
CELL = re.compile(r"^```python run\n(.*?)^```$", re.S | re.M)


def run_cells(lesson: str) -> list[str]:
    """What each run cell of the lesson prints, running them one after another in one namespace."""
    namespace: dict = {"show": lambda *_: None}
    printed = []
    for code in CELL.findall((LESSONS / lesson).read_text()):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, lesson, "exec"), namespace)
        printed.append(out.getvalue())
    return printed


@pytest.mark.parametrize("lesson", ["tokens.md", "softmax.md", "embeddings.md", "adam.md"])
def test_every_cell_runs(lesson: str) -> None:
    assert all(run_cells(lesson))  # each cell prints something


def test_cells_print_what_the_text_says() -> None:
    tokens = run_cells("tokens.md")
    assert "5163 names: 4647 to train on, 516 held out" in tokens[0]
    assert "BOS e m m a  -> BOS" in tokens[1]
    assert "bigram, held-out names: 2.3429" in tokens[2] and "[('h', 's')]" in tokens[2]
    softmax = run_cells("softmax.md")
    assert "shifted scores: [0.0, -1.0, -1.9]" in softmax[0]
    assert "gradients of the scores: [-0.341, 0.242, 0.099]" in softmax[1]
    embeddings = run_cells("embeddings.md")
    assert "rows with a gradient: ['a', 'e', 'm', 'BOS']" in embeddings[0]
    assert "one-hot times the columns is e's row: True" in embeddings[1]
    assert "loss on emma, untrained: 3.302" in embeddings[2]
    adam = run_cells("adam.md")
    assert "gradient descent, lr 0.011: (0.3288, 9100.4382)" in adam[0]
    text = (LESSONS / "adam.md").read_text()
    assert "4,192 parameters, 608 gradients exactly 0" in adam[1] and "608 of them" in text
    assert "largest / median of the others: 173" in adam[1] and "173 times the median" in text
    for rows in ("wte: 23 of 27", "wpe: 11 of 16", "layer0.fc1: 2 of 64"):
        assert rows in adam[1]
    assert "the 23 tokens" in text and "the 11 positions" in text and "2 MLP units" in text
