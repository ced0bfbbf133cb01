"""The Python side of the page's worker (worker.js): cells, Checks, diagrams, plots and training."""
