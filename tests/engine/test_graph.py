"""graph.trace: a Value's graph as JSON-ready data for diagrams and films."""

import json
import math
import operator

from hypothesis import given

from engine import Value, topological_order
from engine.graph import Constant, kept_number, trace, values_in_order
from tests.engine.expressions import expressions


def seed_example():
    a = Value(2.0, label="a")
    b = Value(3.0, label="b")
    ab = a * b
    ab.label = "ab"
    L = ab + a
    L.label = "L"
    return L


def test_seed_example_nodes_edges_and_local_gradients():
    L = seed_example()
    L.backward()
    graph = trace(L)
    by_label = {n["label"]: n for n in graph["nodes"]}
    assert {label: (n["op"], n["data"], n["grad"]) for label, n in by_label.items()} == {
        "a": ("", 2.0, 4.0),
        "b": ("", 3.0, 2.0),
        "ab": ("*", 6.0, 1.0),
        "L": ("+", 8.0, 1.0),
    }
    ids = {label: n["id"] for label, n in by_label.items()}
    edges = {(e["from"], e["to"]): e["local_grad"] for e in graph["edges"]}
    assert edges == {
        (ids["a"], ids["ab"]): 3.0,  # d(ab)/da = b
        (ids["b"], ids["ab"]): 2.0,
        (ids["ab"], ids["L"]): 1.0,
        (ids["a"], ids["L"]): 1.0,
    }
    assert graph["output"] == ids["L"] == len(graph["nodes"]) - 1


def test_before_backward_every_gradient_is_zero():
    assert {n["grad"] for n in trace(seed_example())["nodes"]} == {0.0}


def test_a_leaf_alone():
    assert trace(Value(5.0, label="x")) == {
        "nodes": [{"id": 0, "label": "x", "op": "", "data": 5.0, "grad": 0.0}],
        "edges": [],
        "output": 0,
    }


def test_a_value_used_twice_gives_two_edges():
    x = Value(3.0)
    graph = trace(x * x)
    assert len(graph["nodes"]) == 2
    assert [(e["from"], e["to"], e["local_grad"]) for e in graph["edges"]] == [(0, 1, 3.0), (0, 1, 3.0)]


def test_infinite_and_nan_numbers_become_null_so_the_json_is_standard():
    big = Value(1e308) * 10  # inf
    graph = trace(big - big)  # nan
    assert [n["data"] for n in graph["nodes"]][-2:] == [None, None]
    json.dumps(graph, allow_nan=False)


@given(expressions())
def test_any_graph_traces_to_consistent_json(case):
    expr, xs = case
    out = expr.evaluate([Value(x, label=f"x{i}") for i, x in enumerate(xs)])
    out.backward()
    graph = trace(out)
    assert json.loads(json.dumps(graph, allow_nan=False)) == graph

    order = values_in_order(out)  # node i of the trace is order[i]: the engine's topological order,
    assert [v for v in order if type(v) is not Constant] == topological_order(out)  # plus kept numbers
    index = {id(v): i for i, v in enumerate(order)}
    nodes, edges = graph["nodes"], graph["edges"]
    assert [n["id"] for n in nodes] == list(range(len(order)))
    assert all(e["from"] < e["to"] for e in edges)  # nodes in topological order: children before parents
    assert graph["output"] == len(nodes) - 1 == index[id(out)]
    assert nodes[graph["output"]]["grad"] == 1.0
    for i, (node, v) in enumerate(zip(nodes, order, strict=True)):
        assert (node["label"], node["op"], node["data"]) == (v.label, v._op, v.data)
        assert math.isclose(node["grad"], v.grad)
        into = [e for e in edges if e["to"] == i]
        children = [index[id(child)] for child in v._prev]
        local = list(v._local_grads[: len(v._prev)])
        number = kept_number(v)
        if number is not None:  # drawn as the engine drew a wrapped number: its leaf just before v
            assert type(order[i - 1]) is Constant and order[i - 1].data == number
            children.append(i - 1)
            local.append(WRAPPED[v._op](v._prev[0], Value(number))._local_grads[1])
        assert [e["from"] for e in into] == children
        assert [e["local_grad"] for e in into] == local
    assert len(edges) == sum(len(v._prev) + (kept_number(v) is not None) for v in order)


WRAPPED = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


def test_a_plain_number_is_kept_in_its_operation_not_made_a_node():
    x = Value(3.0, label="x")
    for y, kept in ((x + 2, 2), (x - 2.5, 2.5), (x * 4, 4), (x / 8, 8), (4 * x, 4), (1 + x, 1)):
        assert y._prev == (x,) and kept_number(y) == kept
    assert len((2 - x)._prev) == len((2 / x)._prev) == 2  # a number on the left is wrapped, drawn left
    y = x * 4 + 1
    assert [n["data"] for n in trace(y)["nodes"]] == [3.0, 4, 12.0, 1, 13.0]  # as when 4 and 1 were Values
