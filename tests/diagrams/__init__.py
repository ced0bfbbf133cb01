"""diagrams/: diagram data (names, films, paths, nudges), at build time and in the worker; charts."""
