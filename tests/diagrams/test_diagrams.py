"""Graph blocks at build time (errors name the lesson's file and line; the embedded films and paths)
and the diagrams package (nudges, show(v) of a learner's micrograd-style Value)."""

from pathlib import Path

import pytest
from backprop_site.graphs import GraphBlockError, run_graph_block
from backprop_worker.outputs import show

import diagrams
from engine import Value
from engine.nn import WEIGHTED_SUM
from tests.visual.gallery import build_pages

SEED = 'a = Value(2.0, label="a")\nb = Value(3.0, label="b")\nc = a * b\nL = c + a\n'


def test_the_seed_examples_backward_film() -> None:
    graph = run_graph_block(SEED)
    assert graph["names"] == ["a", "b", "c", "L"]
    frames = graph["film"]["backward"]
    grads = [0.0] * 4
    after = []
    for frame in frames:
        for i, g, _ in frame["set"]:
            grads[i] = g
        after.append(list(grads))
    assert after == [[0, 0, 0, 0], [0, 0, 0, 1], [1, 0, 1, 1], [4, 2, 1, 1]]
    visit_c = frames[3]
    steps = [(s["local"], s["upstream"], s["contribution"]) for s in visit_c["edges"]]
    assert steps == [(3, 1, 3), (2, 1, 2)]
    assert "a.grad += 3 → 4 (= 1 + 3)" in visit_c["caption"]
    assert [f.get("node") for f in graph["film"]["forward"]] == [None, 0, 1, 2, 3]


def test_paths_multiply_local_gradients_and_add_up_to_the_grad() -> None:
    graph = run_graph_block(SEED)
    a = graph["paths"][0]
    assert [p["product"] for p in a["paths"]] == [3, 1]
    assert a["count"] == 2 and a["sum"] == 4 == graph["nodes"][0]["grad"]
    for node, paths in zip(graph["nodes"], graph["paths"]):
        assert paths["sum"] == pytest.approx(node["grad"])


def test_many_paths_are_counted_but_only_some_listed() -> None:
    code = "x = Value(1.5, label='x')\ny = x\nfor _ in range(12):\n    y = y * x + x\nout = y\n"
    graph = run_graph_block(code)
    x = graph["paths"][0]
    assert x["count"] > diagrams.MAX_PATHS == len(x["paths"])
    assert x["sum"] == pytest.approx(graph["nodes"][0]["grad"])


def test_output_names_the_value_to_draw_and_variables_name_unlabelled_values() -> None:
    graph = run_graph_block("p = Value(1.0)\nq = p * 2\nr = q + 1\n", output="q")
    assert graph["names"][graph["output"]] == "q"
    assert graph["names"][0] == "p"
    assert graph["nodes"][0]["grad"] == 2


@pytest.mark.parametrize(
    ("code", "line", "message"),
    [
        ("a = Value(1.0)\nb = a / 0\n", 11, "ZeroDivisionError"),
        ("a = Value(1.0)\nb = a +\n", 11, "the graph block: invalid syntax"),
        ("a = 1\n", 10, "no Value assigned to a name"),
    ],
)
def test_block_errors_name_the_lesson_line(code: str, line: int, message: str) -> None:
    with pytest.raises(GraphBlockError) as e:
        run_graph_block(code, src="lesson.md", first_line=10)
    assert str(e.value).startswith(f"lesson.md:{line}: ")
    assert message in str(e.value)


def test_a_failing_block_fails_the_build_with_file_and_line(tmp_path: Path) -> None:
    pages = tmp_path / "docs"
    (pages / "unit").mkdir(parents=True)
    (pages / "index.md").write_text("# Home\n")
    (pages / "unit" / "broken.md").write_text(
        "---\ntitle: Broken\n---\n\n# Broken\n\n```python graph\na = Value(2.0)\nb = a.log() / (a - 2)\n```\n"
    )
    done = build_pages(pages, tmp_path / "site")
    assert done.returncode != 0
    assert "unit/broken.md:9: the graph block raised ZeroDivisionError" in done.stderr


def test_nudge_recomputes_with_the_engine_and_predicts_with_the_grads() -> None:
    graph = run_graph_block(SEED)
    result = diagrams.nudge(graph, [[0, 2.5]])
    nodes = result["graph"]["nodes"]
    assert [n["data"] for n in nodes] == [2.5, 3.0, 7.5, 10.0]
    assert result["change"] == pytest.approx(2.0)
    assert result["prediction"] == pytest.approx(4 * 0.5)
    assert result["graph"]["names"] == graph["names"]
    with pytest.raises(ValueError, match="log needs a positive number"):  # the page shows the message
        diagrams.nudge(run_graph_block("x = Value(2.0, label='x')\ny = x.log()\n"), [[0, -1.0]])


def test_show_of_a_micrograd_value_probes_its_closures() -> None:
    micrograd = pytest.importorskip("micrograd.engine")
    a = micrograd.Value(2.0)
    b = micrograd.Value(3.0)
    out = (a * b + a).relu()
    out.backward()
    data = diagrams.diagram_in(out, {"a": a, "b": b, "out": out})
    names = data["names"]
    assert names[data["output"]] == "out"
    from_a = sorted(e["local_grad"] for e in data["edges"] if names[e["from"]] == "a")
    assert from_a == [1.0, 3.0]  # d(a*b)/da = b, d(ab + a)/da through + = 1
    assert [n["grad"] for n in data["nodes"]][names.index("a")] == a.grad == 4.0
    assert diagrams.film_grads(data)[names.index("a")] == 4.0
    assert a.grad == 4.0 and b.grad == 2.0  # probing left the learner's grads as they were
    nudged = diagrams.nudge(data, [[names.index("a"), 3.0]])
    assert nudged["graph"]["nodes"][data["output"]]["data"] == 12.0
    assert nudged["graph"]["class"] == data["class"]


def test_show_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError, match="show\\(\\) draws a Value"):
        show(3.0)
    from engine import Value

    x = Value(0.5)
    y = x
    for _ in range(diagrams.MAX_NODES):
        y = y + x
    with pytest.raises(ValueError, match="diagrams are drawn for up to"):
        diagrams.diagram_of(y)


def test_a_lone_value_is_a_diagram_too() -> None:
    graph = run_graph_block("a = Value(1.5)\n")
    assert graph["names"] == ["a"] and graph["edges"] == [] and graph["leaves"] == [0]
    assert [f["set"] for f in graph["film"]["backward"]] == [[[0, 0.0, "0"]], [[0, 1.0, "1"]]]
    assert graph["paths"] == [
        {
            "paths": [{"edges": [], "product": 1.0, "product_text": "1"}],
            "count": 1,
            "sum": 1.0,
            "sum_text": "1",
        }
    ]


# Constants, names and neurons ------------------------------------------------------------------------


def test_a_plain_number_is_drawn_as_a_constant_without_a_gradient() -> None:
    graph = run_graph_block("x = Value(3.0, label='x')\nb = x * 4\nL = b + 1\n")
    names, constants = graph["names"], graph["constants"]
    assert [names[i] for i in constants] == ["4", "1"]
    assert graph["inputs"] == [names.index("x")]  # the nudge boxes: x only, not "4 [4]"
    assert all(graph["texts"][i]["grad"] == "—" for i in constants)
    captions = " ".join(f["caption"] for pass_ in ("forward", "backward") for f in graph["film"][pass_])
    assert (
        "∂" not in captions
        and "/d4" not in captions
        and "4.grad" not in captions
        and "1.grad" not in captions
    )
    assert "4 is a constant." in captions
    assert "topological" not in captions  # the forward film comes before the word is taught
    assert all(
        s["edge"] not in {k for k, e in enumerate(graph["edges"]) if e["from"] in constants}
        for f in graph["film"]["backward"]
        for s in f.get("edges", [])
    )


def test_several_constants_are_each_called_by_their_value() -> None:
    graph = run_graph_block("x = Value(1.0, label='x')\ny = x * 2 + 0.5 - 3\n")
    assert sorted(graph["names"][i] for i in graph["constants"]) == ["0.5", "2", "3"]


def test_a_nameless_intermediate_is_called_by_its_expression() -> None:
    x = Value(0.5)
    y = x.tanh() * x
    y.backward()
    data = diagrams.diagram_in(y, {"x": x, "y": y})
    assert data["names"] == ["x", "tanh(x)", "y"]
    assert "#" not in " ".join(f["caption"] for f in data["film"]["forward"])


def test_show_of_an_mlp_names_its_parameters_and_draws_each_neurons_sum_as_one_node() -> None:
    from engine.nn import MLP

    model = MLP(2, [3, 1], seed=1)
    out = model([2.0, -1.0])
    out.backward()
    data = diagrams.diagram_in(out, {"model": model, "out": out})
    names = data["names"]
    assert {"L1n1.w1", "L1n1.w2", "L1n1.b", "L2n1.w3", "L2n1.b", "x1", "x2", "relu(L1n2)", "out"} <= set(
        names
    )
    assert not any(name.startswith("#") for name in names)
    assert len(data["nodes"]) == 26 < 40  # 4 neurons' sums of products collapsed
    assert sum(n["op"] == WEIGHTED_SUM for n in data["nodes"]) == 4
    for node, grad in zip(data["nodes"], diagrams.film_grads(data)):  # the film still adds up
        assert grad == pytest.approx(node["grad"])
    w = names.index("L2n1.w1")
    nudged = diagrams.nudge(data, [[w, data["nodes"][w]["data"] + 0.5]])
    assert nudged["graph"]["names"] == names
    assert float(nudged["text"]["change"]) == pytest.approx(float(nudged["text"]["prediction"]), rel=1e-3)
