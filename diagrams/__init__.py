"""What the course draws from Python's numbers: diagrams of computation graphs (names, both films,
paths, nudges) and line charts. Made at build time and in the worker alike, from engine/'s trace."""

from diagrams.charts import PlotError, chart
from diagrams.diagram import MAX_NODES, diagram, diagram_of
from diagrams.films import film_grads
from diagrams.nudge import diagram_in, is_value, nudge
from diagrams.paths import MAX_PATHS
from diagrams.texts import fmt

# The package's modules, each after the ones it imports: reloaded in this order when engine/ or they
# change (the engine page's edits in the worker; `make serve`'s rebuilds).
MODULES = (
    "diagrams.texts",
    "diagrams.replay",
    "diagrams.neurons",
    "diagrams.films",
    "diagrams.paths",
    "diagrams.charts",
    "diagrams.diagram",
    "diagrams.nudge",
    "diagrams",
)

__all__ = [
    "MAX_NODES",
    "MAX_PATHS",
    "PlotError",
    "chart",
    "diagram",
    "diagram_in",
    "diagram_of",
    "film_grads",
    "fmt",
    "is_value",
    "nudge",
]
