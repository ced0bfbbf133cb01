"""The course's two live trainers, streamed to the page step by step: micrograd's moons demo
(moons_trainer) and the names GPT (names_trainer), both on the loop in loop.py."""
