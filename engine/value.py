"""A scalar that records how it was computed, and backpropagates through that record."""

import math


class Value:
    """A number in a computation graph, with the gradient of the graph's output with respect to it."""

    __slots__ = ("data", "grad", "label", "_op", "_prev", "_local_grads")

    def __init__(self, data, _children=(), _op="", _local_grads=(), label=""):
        self.data = data
        self.grad = 0.0
        self.label = label
        self._op = _op
        # Children and the local derivative of this node with respect to each, side by side:
        # worked out once, in the forward pass, so backward() only multiplies and adds.
        self._prev = _children
        self._local_grads = _local_grads

    # Operations on two values. A plain number gets no gradient, so it is not made a node: the result
    # has one child, and keeps the number after its local gradient (for diagrams; zip() in backward()
    # stops before it). A number on the left of - or / is still wrapped as a Value (see __rsub__).
    def __add__(self, other):
        if isinstance(other, Value):
            return Value(self.data + other.data, (self, other), "+", (1.0, 1.0))
        if type(other) is not float:  # floats first: isinstance() with a tuple is slow
            _check_number(other, "+")
        return Value(self.data + other, (self,), "+", (1.0, other))

    def __sub__(self, other):
        if isinstance(other, Value):
            return Value(self.data - other.data, (self, other), "-", (1.0, -1.0))
        if type(other) is not float:
            _check_number(other, "-")
        return Value(self.data - other, (self,), "-", (1.0, other))

    def __mul__(self, other):
        if isinstance(other, Value):
            return Value(self.data * other.data, (self, other), "*", (other.data, self.data))
        if type(other) is not float:
            _check_number(other, "*")
        return Value(self.data * other, (self,), "*", (other, other))

    def __truediv__(self, other):
        is_value = isinstance(other, Value)
        d = other.data if is_value else other
        if not is_value and type(d) is not float:
            _check_number(d, "/")
        if d == 0:
            raise ZeroDivisionError(f"Value division: {self.data} / 0")
        q = self.data / d  # -q / d is -a / d**2 without d**2 underflowing to zero for tiny d
        if is_value:
            return Value(q, (self, other), "/", (1 / d, -q / d))
        return Value(q, (self,), "/", (1 / d, d))

    __radd__ = __add__

    def __rsub__(self, other):
        return _wrap(other, "-") - self

    __rmul__ = __mul__

    def __rtruediv__(self, other):
        return _wrap(other, "/") / self

    def __neg__(self):
        return Value(-self.data, (self,), "neg", (-1.0,))

    def __pow__(self, other):
        if isinstance(other, bool) or not isinstance(other, (int, float)):
            raise TypeError(f"Value ** {type(other).__name__}: the exponent must be an int or float")
        x = self.data
        if x == 0 and other < 0:
            raise ValueError(f"Value ** {other}: zero cannot be raised to a negative power")
        if x < 0 and not float(other).is_integer():
            raise ValueError(f"Value ** {other}: a negative base needs a whole-number exponent")
        # n * x**(n-1), except where x**(n-1) would divide by zero: x**0 is flat, a root is vertical at 0.
        if other == 0:
            slope = 0.0
        elif x == 0 and other < 1:
            slope = math.inf
        else:
            slope = other * x ** (other - 1)
        return Value(x**other, (self,), f"**{other}", (slope,))

    # Operations on one value
    def relu(self):
        x = self.data
        return Value(x if x > 0 else 0.0, (self,), "relu", (1.0 if x > 0 else 0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), "tanh", (1 - t * t,))

    def exp(self):
        try:
            e = math.exp(self.data)
        except OverflowError:
            raise OverflowError(f"Value.exp(): exp({self.data}) is too large for a float") from None
        return Value(e, (self,), "exp", (e,))

    def log(self):
        x = self.data
        if x <= 0:
            raise ValueError(f"Value.log(): log({x}) is undefined; log needs a positive number")
        return Value(math.log(x), (self,), "log", (1 / x,))

    def sigmoid(self):
        x = self.data
        s = 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))
        return Value(s, (self,), "sigmoid", (s * (1 - s),))

    # The backward pass
    def backward(self):
        """Fill in .grad of every value this one depends on, by the chain rule."""
        topo = topological_order(self)
        # Inner nodes start from zero on every call, so a second backward() adds the same
        # gradients to the leaves again instead of stale inner ones (micrograd gives 27, then 72).
        for v in topo:
            if v._prev:
                v.grad = 0.0
        self.grad = 1.0
        for v in reversed(topo):
            children = v._prev
            if children:
                grad = v.grad
                if len(children) == 1:  # most nodes: without zip() the whole pass is about a third faster
                    children[0].grad += v._local_grads[0] * grad
                else:
                    for child, local in zip(children, v._local_grads):
                        child.grad += local * grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __del__(self):
        # Freeing a value frees its children inside that call, one level deeper per link, and the
        # browser's Python runs out of stack after about 1,500 links. So a dying value hands its
        # children to a list, and the first one to die empties the list in a flat loop.
        global _freeing
        try:
            children = self._prev
        except AttributeError:  # Stop came before __init__ set it: there are no children to free
            return
        if children:
            _orphans.append(children)
            self._prev = children = ()  # only the list holds them now, so the loop below frees them
            if not _freeing:
                _freeing = True
                try:
                    while _orphans:
                        _orphans.pop()  # frees those children; each one that dies appends its own
                finally:
                    _freeing = False  # even after a Stop, so the next value to die empties the list


_orphans: list[tuple] = []
_freeing = False


def topological_order(root: Value) -> list[Value]:
    """Every value that root depends on, each after all of its children, without recursion."""
    topo, visited = [], set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None:  # a marker: everything above it is done, so the value below it goes next
            topo.append(stack.pop())
        elif node not in visited:
            visited.add(node)
            stack.append(node)  # come back to node once its children are done
            stack.append(None)
            for child in reversed(node._prev):  # the first child on top, as a recursive visit would go
                if child not in visited:  # a child reached before is done: not pushed again
                    stack.append(child)
    return topo


def _check_number(other, op: str) -> None:
    """A TypeError that names the operation, unless other is a plain number."""
    if not isinstance(other, (int, float)):
        raise TypeError(f"unsupported operand type(s) for {op}: 'Value' and '{type(other).__name__}'")


def _wrap(other, op: str) -> Value:
    """A number on the left of - or /, as a Value (so the diagram draws it on the left)."""
    if isinstance(other, Value):
        return other
    _check_number(other, op)
    return Value(other)
