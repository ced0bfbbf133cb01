"""microGPT on Backprop Lab's engine: a one-layer GPT on scalar Values that learns to make up names."""

from gpt.checkpoint import load_checkpoint
from gpt.model import GPT, Adam, train_step
from gpt.names import load_names, split_names

__all__ = ["GPT", "Adam", "train_step", "load_checkpoint", "load_names", "split_names"]
