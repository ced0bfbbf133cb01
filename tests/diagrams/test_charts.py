"""Line charts (diagrams.charts): the numbers a cell's plot() sends the page."""

import json

import pytest

from diagrams import charts


def test_chart_pairs_x_with_each_series_and_leaves_gaps_for_what_cannot_be_drawn() -> None:
    data = charts.chart([1, 2, 3], [1.0, float("nan"), 3.0], [0.1, 0.0, -1], labels=["a"], logy=True)
    assert data["x"] == [1.0, 2.0, 3.0]
    assert data["series"][0] == {"label": "a", "values": [1.0, None, 3.0]}
    assert data["series"][1]["values"] == [0.1, None, None]  # not positive: no place on a log axis
    json.dumps(data, allow_nan=False)


def test_chart_of_one_list_counts_along_x_and_reads_values() -> None:
    from engine import Value

    data = charts.chart([Value(3.0), Value(1.5)])
    assert data["x"] == [0.0, 1.0]
    assert data["series"][0]["values"] == [3.0, 1.5]


def test_chart_explains_mismatched_lengths() -> None:
    with pytest.raises(charts.PlotError, match="x has 2 numbers but series 1 has 3"):
        charts.chart([1, 2], [1, 2, 3])
