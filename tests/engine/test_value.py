"""Value as micrograd code uses it (data, grad, _prev, _op, repr), and clear errors on bad operands."""

import math

import pytest
from micrograd.engine import Value as MicrogradValue

from engine import Value


def test_a_new_value():
    v = Value(2.0, label="a")
    assert (v.data, v.grad, v.label, v._op, tuple(v._prev)) == (2.0, 0, "a", "", ())
    assert Value(2.0).label == ""


def test_data_and_grad_can_be_assigned():
    a, b = Value(2.0), Value(3.0)
    a.data = 5.0
    a.grad = 7.0
    assert (a * b).data == 15.0
    a.grad = 0
    (a * b).backward()
    assert a.grad == 3.0


def test_prev_holds_the_children_in_order():
    a, b = Value(2.0), Value(3.0)
    assert tuple((a * b)._prev) == (a, b)
    assert tuple((b - a)._prev) == (b, a)
    assert tuple((a * a)._prev) == (a, a)
    assert set((a + b)._prev) == {a, b}  # micrograd keeps a set; code that makes one still works
    assert tuple(a.tanh()._prev) == (a,)


@pytest.mark.parametrize(
    "make, op",
    [
        (lambda a, b: a + b, "+"),
        (lambda a, b: a * b, "*"),
        (lambda a, b: a**2, "**2"),
        (lambda a, b: a**0.5, "**0.5"),
        (lambda a, b: a - b, "-"),
        (lambda a, b: a / b, "/"),
        (lambda a, b: -a, "neg"),
        (lambda a, b: a.relu(), "relu"),
        (lambda a, b: a.tanh(), "tanh"),
        (lambda a, b: a.exp(), "exp"),
        (lambda a, b: a.log(), "log"),
        (lambda a, b: a.sigmoid(), "sigmoid"),
    ],
)
def test_op_names_the_operation(make, op):
    assert make(Value(2.0), Value(3.0))._op == op


def test_values_are_distinct_and_hashable_by_identity():
    """micrograd's helpers (draw_dot's trace) put Values in sets."""
    assert len({Value(1.0), Value(1.0)}) == 2


def test_micrograd_trace_graph_helper_works_unchanged():
    """trace() from micrograd's trace_graph.ipynb, recursive and set-based, on our graph."""

    def trace(root):
        nodes, edges = set(), set()

        def build(v):
            if v not in nodes:
                nodes.add(v)
                for child in v._prev:
                    edges.add((child, v))
                    build(child)

        build(root)
        return nodes, edges

    a, b = Value(2.0), Value(3.0)
    ab = a * b
    out = ab + a
    nodes, edges = trace(out)
    assert nodes == {a, b, ab, out}
    assert edges == {(a, ab), (b, ab), (ab, out), (a, out)}


def test_repr_is_micrographs():
    assert repr(Value(2.0)) == "Value(data=2.0, grad=0.0)"

    def program(V):
        a, b = V(2.0), V(-3.0)
        out = (a * b + a).relu() + a * a
        out.backward()
        return a, b

    assert list(map(repr, program(Value))) == list(map(repr, program(MicrogradValue)))
    assert repr(program(Value)[0]) == "Value(data=2.0, grad=4.0)"


@pytest.mark.parametrize(
    "bad, error, operation",
    [
        (lambda: Value(1) + "x", TypeError, r"\+"),
        (lambda: "x" + Value(1), TypeError, r"\+"),
        (lambda: Value(1) - "x", TypeError, "-"),
        (lambda: "x" - Value(1), TypeError, "-"),
        (lambda: Value(1) * "x", TypeError, r"\*"),
        (lambda: Value(1) * None, TypeError, r"\*"),
        (lambda: Value(1) / "x", TypeError, "/"),
        (lambda: "x" / Value(1), TypeError, "/"),
        (lambda: Value(1) + [1.0], TypeError, r"\+"),
        (lambda: Value(-1).log(), ValueError, "log"),
        (lambda: Value(0).log(), ValueError, "log"),
        (lambda: Value(0) ** -1, ValueError, r"\*\*"),
        (lambda: Value(-8.0) ** (1 / 3), ValueError, r"\*\*"),
        (lambda: Value(2) ** Value(2), TypeError, r"\*\*"),
        (lambda: Value(2) ** "2", TypeError, r"\*\*"),
        (lambda: 2 ** Value(2), TypeError, r"\*\*"),
        (lambda: Value(1) / 0, ZeroDivisionError, "division"),
        (lambda: 1 / Value(0.0), ZeroDivisionError, "division"),
        (lambda: Value(1000.0).exp(), OverflowError, "exp"),
    ],
)
def test_a_bad_operand_raises_a_clear_error_naming_the_operation(bad, error, operation):
    with pytest.raises(error, match=operation) as caught:
        bad()
    assert not isinstance(caught.value, AttributeError)


def test_large_but_finite_results_are_kept():
    assert Value(700.0).exp().data == math.exp(700.0)
    assert (Value(1.0) / Value(1e-200)).data == 1e200
