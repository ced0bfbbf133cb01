"""Tests of gpt/: the names data, the model's pieces against plain floats, and the shipped checkpoint."""
