"""Tests of engine/: gradients against central differences, micrograd compatibility, nn, graph, data."""
