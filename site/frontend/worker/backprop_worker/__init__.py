"""The Python side of the page's worker: running cells, Checks, diagrams, plots and training (site/frontend/worker)."""
