"""The GPT module's lessons say what the engine computes: every number they quote is checked here."""

import contextlib
import io
import math
import re

import pytest

from engine import Value
from gpt.attention import attention_map, check_name
from gpt.checkpoint import load_checkpoint
from gpt.model import GPT, encode, rmsnorm, softmax
from lab_checks import attention_head
from tests import repo

LESSONS = repo.LESSONS / "gpt"
ATTENTION_MD = (LESSONS / "attention.md").read_text()
BLOCK_MD = (LESSONS / "gpt-block.md").read_text()
# The prose with its line breaks as spaces and its minus signs as hyphens, to find quoted numbers in
ATTENTION, BLOCK = (" ".join(text.split()).replace("−", "-") for text in (ATTENTION_MD, BLOCK_MD))


def fence(text: str, opening: str) -> str:
    """The code of the fence that opens with this line."""
    return re.search(rf"^{re.escape(opening)}\n(.*?)\n```$", text, re.S | re.M)[1]


def printed(code: str) -> tuple[str, dict]:
    """What the code prints, and its variables."""
    names: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "lesson", "exec"), names)
    return out.getvalue(), names


@pytest.fixture(scope="module")
def model() -> GPT:
    return load_checkpoint()[0]


def test_the_worked_example_of_one_query() -> None:
    q, keys, vals = [1.0, 2.0], [[1, 0], [0, 1], [1, 1]], [[0, 0], [1, 0], [0, 1]]
    scores = [sum(a * b for a, b in zip(q, k)) for k in keys]
    scaled = [Value(s / math.sqrt(2)) for s in scores]
    weights = [w.data for w in softmax(scaled)]
    output = [sum(w * v[j] for w, v in zip(weights, vals)) for j in range(2)]
    row = "| {} | {} | {:g} | {:.2f} | {:.2f} |"
    for who, key, s, x, w in zip(["the start (BOS)", "e", "m (itself)"], keys, scores, scaled, weights):
        assert row.format(who, key, s, x.data, w) in ATTENTION
    assert f"= [{output[0]:.2f}, {output[1]:.2f}]" in ATTENTION
    assert (
        f"{weights[2]:.0%} of its attention to itself, {weights[1]:.0%} to the e and {weights[0]:.0%}"
        in ATTENTION
    )


def test_larger_scores_make_softmax_pick_one() -> None:
    weights = [w.data for w in softmax([Value(4.0), Value(8.0), Value(12.0)])]
    assert f"[4, 8, 12]: softmax gives {weights[2]:.2f} to the last" in ATTENTION


def test_the_trained_heads_on_emma(model: GPT) -> None:
    record = load_checkpoint()[1]
    assert f"trained on {record['data']['train']:,} first names" in ATTENTION
    picture = attention_map(model, "emma")
    assert picture["tokens"] == ["BOS", "e", "m", "m", "a"]
    assert all(head[0] == [1.0] for head in picture["heads"])  # the first position has only itself
    assert all(math.isclose(sum(row), 1, abs_tol=1e-3) for head in picture["heads"] for row in head)
    last = picture["heads"][0][-1]
    assert f"puts {last[0]:.2f} of its attention on the start and little on the letters" in ATTENTION
    assert all(w < 0.1 for w in last[1:])  # "little"


def test_names_the_picture_refuses() -> None:
    assert check_name("  Emma ") == "emma"
    for bad in ["", "jo3", "x" * 16, "zoë"]:
        with pytest.raises(ValueError):
            check_name(bad)


def test_the_labs_demo_prints_what_its_comment_says() -> None:
    start = fence(ATTENTION_MD, '```python lab="attention-head"')
    demo = start[start.index("\nq = ") :]
    out, _ = printed(attention_head.SOLUTION + demo)
    assert f"# should print {out.strip()}" in start


def test_the_forward_pass_cell_is_the_models_forward_pass(model: GPT) -> None:
    cell = fence(BLOCK_MD, "```python run")
    out, names = printed(cell)
    keys, values = [[]], [[]]
    for pos, token in enumerate(encode("emma")[:3]):
        logits = model(token, pos, keys, values)
    assert [v.data for v in names["logits"]] == pytest.approx([v.data for v in logits], abs=1e-12)
    looks = names["looks"]
    for h, weights in enumerate(looks):
        assert f"<li>head {h + 1}: {', '.join(map(str, weights))}</li>" in BLOCK
    attended = re.search(r"attention adds a vector of size (\S+)", out)[1]
    mlp = re.search(r"MLP adds a vector of size (\S+)", out)[1]
    on = re.search(r"MLP units on: (\d+) of 64", out)[1]
    assert f"to x: a vector of size {attended}." in BLOCK
    assert f"{on} of the 64 are on" in BLOCK
    assert f"added</strong> to x: a vector of size {mlp}." in BLOCK
    best = re.findall(r"\('(.)', ([\d.]+)\)", out)[:3]
    assert (
        f"{best[0][0]} ({best[0][1]}), {best[1][0]} ({best[1][1]}) and {best[2][0]} ({best[2][1]})" in BLOCK
    )


def test_the_weight_table_adds_up(model: GPT) -> None:
    counts = {name: len(w) * len(w[0]) for name, w in model.weights.items()}
    attention = sum(counts[f"layer0.{n}"] for n in ("wq", "wk", "wv", "wo"))
    mlp = counts["layer0.fc1"] + counts["layer0.fc2"]
    for text, n in [
        ("wte", counts["wte"]),
        ("wpe", counts["wpe"]),
        ("wq", attention),
        ("fc1", mlp),
        ("lm_head", counts["lm_head"]),
    ]:
        assert re.search(rf"\| [^|]*`{text}`[^|]* \| [^|]+ \| {n:,} \|", BLOCK), text
    assert f"**{sum(counts.values()):,}**" in BLOCK and sum(counts.values()) == 4192


def test_the_rmsnorm_example() -> None:
    x = rmsnorm([Value(2.0), Value(-1.0), Value(2.0)])
    rms = math.sqrt((4 + 1 + 4) / 3)
    assert (
        f"root mean square of √3 ≈ {rms:.2f} and becomes [{x[0].data:.2f}, {x[1].data:.2f}, {x[2].data:.2f}]"
        in BLOCK
    )
