"""Backprop Lab's autograd engine: scalar Values that record their graph and backpropagate."""

from engine.value import Value, topological_order

__all__ = ["Value", "topological_order"]
