"""The learner's engine put together from lab code: the course's pieces make the course's model exactly,
the learner's pieces are theirs as written and marked, and code that cannot be put together says why."""

import random
import re

import pytest

from engine.nn import MLP
from gpt.model import GPT, Adam, train_step
from gpt.names import load_names
from gpt.train import learning_rate_at, training_order
from lab_checks import grading
from learner_engine.assemble import NEEDED, PIECES, AssemblyError, assemble
from learner_engine.load import load
from tests.repo import ROOT

LABS = [lab for lab, _, _ in PIECES]


def solutions() -> dict[str, str]:
    return {lab: grading.load(lab).SOLUTION for lab in LABS}


def test_the_course_pieces_train_the_course_gpt_to_the_last_digit() -> None:
    mine = load(assemble({}, set()).files)["microgpt"]
    ours, course = mine.Trainer(mine.GPT(seed=42)), GPT(seed=42)
    adam = Adam(course.parameters())
    order = training_order()
    assert mine.training_order(load_names()) == order
    assert ours.model.loss(order[0]).data == course.loss(order[0]).data
    # Adam's square root is the lab's v_hat ** 0.5 and the course's math.sqrt: equal to rounding.
    for k in range(3):
        lr = learning_rate_at(k, 1000)
        assert ours.step(order[k], lr) == pytest.approx(train_step(course, adam, order[k], lr), rel=1e-12)
    assert [p.data for p in ours.params] == pytest.approx([p.data for p in course.parameters()], rel=1e-9)
    assert ours.model.sample(random.Random(3)) == course.sample(random.Random(3))


def test_the_moons_glue_starts_from_the_course_mlps_weights() -> None:
    mlp = load(assemble({}, set()).files)["mlp"]
    ours, course = mlp.MLP(2, [16, 16, 1], seed=0), MLP(2, [16, 16, 1], seed=0)
    assert [p.data for p in ours.parameters()] == [p.data for p in course.parameters()]
    x = [0.3, -0.8]
    assert ours(x).data == pytest.approx(course(x).data, rel=1e-12)


def test_passed_code_is_taken_as_written_and_marked_yours() -> None:
    saved = solutions()
    saved["linear"] = saved["linear"].replace("    return [", "    # my own words\n    return [")
    saved["linear"] += "\nprint(linear([1.0], [[2.0]]))  # the lab's example stays in the lab\n"
    assembly = assemble(saved, {"value-ops", "backward", "linear"})
    parts = assembly.files["my_engine/gpt_parts.py"]
    assert "# linear(): yours, from lab linear\n" in parts and "# my own words" in parts
    assert "print(" not in parts
    assert "# adam_step(): the course version of lab adam" in parts
    assert {p.lab for p in assembly.pieces if p.yours} == {"value-ops", "backward", "linear"}
    value = assembly.files["my_engine/value.py"]
    assert value.count("def backward(self)") == 1 and "def follow" not in value  # lab backward's replaced
    line = parts.splitlines().index("    # my own words") + 1
    assert assembly.lab_at("my_engine/gpt_parts.py", line) == "linear"


def test_a_saved_lab_not_passed_brings_the_course_version() -> None:
    saved = {"value-ops": "class Value:\n    pass\n"}
    assembly = assemble(saved, set())
    assert "class Value:\n    pass" not in assembly.files["my_engine/value.py"]
    assert not any(p.yours for p in assembly.pieces)


@pytest.mark.parametrize(
    ("lab", "code", "said"),
    [
        ("value-ops", "class Value(:\n", "your code does not parse"),
        ("value-ops", "def Value():\n    pass\n", "no class Value"),
        ("linear", "def linearr(x, w):\n    return x\n", "no function linear()"),
    ],
)
def test_code_that_cannot_be_put_together_names_its_lab(lab: str, code: str, said: str) -> None:
    with pytest.raises(AssemblyError, match=f"{said}.*\\(lab {lab}\\)"):
        assemble({**solutions(), lab: code}, LABS)


def test_the_pages_switch_names_the_same_labs() -> None:
    """training/engine-switch.js says which labs make an engine before Python is up: the same ones."""
    source = (ROOT / "site/frontend/training/engine-switch.js").read_text()
    needed = re.search(r"const NEEDED = \[(.*?)\];", source)[1]
    assert re.findall(r'"([a-z-]+)"', needed) == list(NEEDED)
    names = re.search(r"names: \[\.\.\.NEEDED, (.*?)\]", source)[1]
    assert list(NEEDED) + re.findall(r'"([a-z-]+)"', names) == LABS
