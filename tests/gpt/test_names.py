"""gpt/data/names.txt: what scripts/make_names.py makes from the `names` package, and its loader."""

from gpt.names import load_names, split_names
from scripts.make_names import TARGET, names_text
from tests.repo import ROOT


def test_the_shipped_file_is_what_the_script_makes():
    assert TARGET == ROOT / "gpt" / "data" / "names.txt"
    assert TARGET.read_text() == names_text(), "run: .venv/bin/python scripts/make_names.py"


def test_names_are_lower_case_letters_unique_and_sorted():
    names = load_names()
    assert len(names) == 5163
    assert names == sorted(set(names))
    assert all(n.isascii() and n.isalpha() and n.islower() for n in names)
    assert {"mary", "james", "emma", "john"} <= set(names)
    assert max(map(len, names)) < 16  # BOS + every name + BOS fits the GPT's 16 positions


def test_every_tenth_name_is_held_out_and_none_is_lost():
    names = load_names()
    train, held_out = split_names(names)
    assert held_out[:2] == [names[9], names[19]] and len(held_out) == len(names) // 10
    assert not set(train) & set(held_out)
    assert sorted(train + held_out) == names
