"""Tests of training/: the moons and names trainers and their lessons' claims, in CPython."""
