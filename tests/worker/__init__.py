"""The worker's Python adapter (backprop_worker) in CPython: the calls, Stop, the engine page."""
