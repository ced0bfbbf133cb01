"""The numbers module 7's lessons state are the ones our engine and the shipped names give."""

import math
import statistics
from collections import Counter

import pytest

from engine import Value
from gpt.model import BOS, LETTERS, encode, softmax
from gpt.names import load_names, split_names
from tests import repo

LESSONS = repo.LESSONS / "gpt"


def text_of(lesson: str) -> str:
    return " ".join((LESSONS / lesson).read_text().split())


def says(lesson: str, *phrases: str) -> None:
    text = text_of(lesson)
    for phrase in phrases:
        assert phrase in text, f"{lesson} should say {phrase!r}"


def minus(x: float) -> str:
    """x as the lessons print it: 3 decimals, with a real minus sign."""
    return f"{x:.3f}".replace("-", "−")


def pairs(names: list[str]):
    for name in names:
        tokens = encode(name)
        yield from zip(tokens, tokens[1:])


@pytest.fixture(scope="module")
def bigram():
    """The tokens lesson's counting model: counts of training pairs, and its loss with extra counts."""
    train, held_out = split_names(load_names())
    counts = Counter(pairs(train))
    totals = Counter()
    for (a, _), n in counts.items():
        totals[a] += n

    def probability(a: int, b: int, extra: int = 1) -> float:
        return (counts[(a, b)] + extra) / (totals[a] + 27 * extra)

    def loss(names: list[str], extra: int = 1) -> float:
        guesses = list(pairs(names))
        return sum(-math.log(probability(a, b, extra)) for a, b in guesses) / len(guesses)

    return train, held_out, counts, totals, probability, loss


def test_tokens_lesson_names_and_pairs(bigram) -> None:
    train, held_out, counts, totals, _, _ = bigram
    assert (len(train), len(held_out), sum(counts.values())) == (4647, 516, 32484)
    assert encode("emma") == [26, 4, 12, 12, 0, 26]
    says(
        "tokens.md", "5,163 first names", "those 516 names", "its 4,647 training names", "give 32,484 of them"
    )
    says("tokens.md", "| token | 26 | 4 | 12 | 12 | 0 | 26 |")


def test_tokens_lesson_counts(bigram) -> None:
    _, _, counts, totals, _, _ = bigram

    def top(a: int) -> str:
        row = sorted(((counts[(a, b)], b) for b in range(27)), key=lambda cb: (-cb[0], cb[1]))[:5]
        return ", ".join(f"{'BOS' if b == BOS else LETTERS[b]} {n}" for n, b in row) + f" (of {totals[a]:,})"

    says("tokens.md", f"| BOS | {top(BOS)} |", f"| e | {top(4)} |")
    says(
        "tokens.md",
        f"438 / 4,647 = {438 / 4647:.3f}",
        f"{round(100 * 993 / 3530)}% of the time (993 of 3,530)",
    )


def test_tokens_lesson_losses(bigram) -> None:
    train, held_out, counts, _, probability, loss = bigram
    says("tokens.md", f"1/27 (no idea: every token equally likely) | {math.log(27):.2f}")
    says("tokens.md", f"| 0.5 | {-math.log(0.5):.2f} |")
    for (a, b), shown in zip(pairs(["emma"]), ["BOS | e", "e | m", "m | m", "m | a", "a | BOS"]):
        p = probability(a, b, extra=0)
        says("tokens.md", f"| {shown} | {p:.3f} | {-math.log(p):.2f} |")
    assert [(a, b) for a, b in pairs(held_out) if counts[(a, b)] == 0] == [(7, 18)]  # h then s
    assert "hsiu" in held_out
    assert f"{loss(train, extra=0):.2f}" == f"{loss(train):.2f}" == f"{loss(held_out):.2f}" == "2.34"
    says(
        "tokens.md",
        "the bigram model's loss is 2.34",
        "the held-out names 2.34 too",
        "from 3.30 down to 2.34",
    )


def test_tokens_lesson_states_the_checkpoints_held_out_loss(bigram) -> None:
    import json

    record = json.loads((repo.ROOT / "gpt" / "data" / "gpt_names.json").read_text())["losses"]
    held_out, loss = bigram[1], bigram[5]
    name_by_name = sum(loss([name]) for name in held_out) / len(held_out)  # as the checkpoint's record
    assert (f"{record['held_out_mean']:.2f}", f"{name_by_name:.2f}") == ("2.26", "2.35")
    says("tokens.md", "its loss on the held-out names is 2.26, the bigram model's 2.35.")


def test_softmax_lesson_numbers() -> None:
    def probs(scores: list[float]) -> str:
        return ", ".join(f"{p.data:.3f}" for p in softmax([Value(s) for s in scores]))

    assert probs([2.0, 1.0, 0.1]) == probs([102.0, 101.0, 100.1]) == "0.659, 0.242, 0.099"
    assert probs([4.0, 2.0, 0.2]) == "0.864, 0.117, 0.019"
    says("softmax.md", "again 0.659, 0.242 and 0.099", "0.864, 0.117 and 0.019")
    exps = [math.exp(s) for s in (2.0, 1.0, 0.1)]
    says("softmax.md", *(f"= {e:.2f}" for e in exps), f"their total, {sum(exps):.2f}")
    for token, score, e, p in zip("abc", ("2.0", "1.0", "0.1"), exps, ("0.659", "0.242", "0.099")):
        says("softmax.md", f"| {token} | {score} | {e:.2f} | {p} |")

    scores = [Value(2.0), Value(1.0), Value(0.1)]
    loss = -softmax(scores)[0].log()
    loss.backward()
    says("softmax.md", f"-\\ln 0.659 = {loss.data:.2f}", f"0.659 − 1 = {minus(scores[0].grad)}")
    assert [f"{s.grad:.3f}" for s in scores[1:]] == ["0.242", "0.099"]
    c = softmax([Value(2.0), Value(1.0), Value(0.1)])[2]
    says("softmax.md", f"-\\ln {c.data:.4f} = {-c.log().data:.2f}", "the 0.099 above, before rounding")

    blind = [Value(0.0) for _ in range(27)]
    loss = -softmax(blind)[4].log()
    loss.backward()
    assert f"{loss.data:.2f}" == "3.30"
    says(
        "softmax.md",
        "\\ln 27 = 3.30",
        f"1/27 − 1 = {minus(blind[4].grad)}",
        f"every other one 1/27 = {blind[0].grad:.3f}",
    )
    with pytest.raises(OverflowError):
        Value(1000.0).exp()
    assert math.exp(709) < math.inf
    with pytest.raises(OverflowError):
        math.exp(710)


def test_embeddings_lesson_numbers() -> None:
    import random

    from gpt.model import GPT, linear

    x = [Value(1.0), Value(2.0)]
    w = [[Value(0.5), Value(-1.0)], [Value(2.0), Value(0.0)], [Value(1.0), Value(1.0)]]
    out = linear(x, w)
    assert [o.data for o in out] == [-1.5, 2.0, 3.0]
    says("embeddings.md", "| [0.5, −1] | 0.5 × 1 + (−1) × 2 | −1.5 |", "| [2, 0] | 2 × 1 + 0 × 2 | 2 |")
    sum(out).backward()
    assert [v.grad for v in x] == [3.5, 0.0]
    says("embeddings.md", "0.5 + 2 + 1 = 3.5", "−1 + 0 + 1 = 0.")

    # The lesson's cells: wte, then lm_head, from random.Random(0).
    rng = random.Random(0)
    wte = [[Value(rng.gauss(0, 0.08)) for _ in range(16)] for _ in range(27)]
    sum(v * v for t in encode("emma") for v in wte[t]).backward()
    assert sum(any(v.grad for v in row) for row in wte) == 4
    says("embeddings.md", "exactly 4 of the 27 rows", "the other 23 rows")
    lm_head = [[Value(rng.gauss(0, 0.08)) for _ in range(16)] for _ in range(27)]
    tokens = encode("emma")
    losses = [-softmax(linear(wte[a], lm_head))[b].log() for a, b in zip(tokens, tokens[1:])]
    assert f"{(sum(losses) / len(losses)).data:.2f}" == f"{math.log(27):.2f}" == "3.30"
    assert 2 * 27 * 16 == 864 and len(GPT(seed=0).parameters()) == 4192
    says("embeddings.md", "= 864", "its loss on `emma` is 3.30", "its 4,192 parameters")


def valley(optimiser: str, lr: float, steps: int) -> tuple[float, float]:
    """The Adam lesson's cell: x² + 100·y² from (1, 1), by gradient descent or gpt.model's Adam."""
    from gpt.model import Adam

    x, y = Value(1.0), Value(1.0)
    adam = Adam([x, y])
    for _ in range(steps):
        loss = x * x + 100 * y * y
        x.grad = y.grad = 0.0
        loss.backward()
        if optimiser == "adam":
            adam.step(lr)
        else:
            x.data -= lr * x.grad
            y.data -= lr * y.grad
    return x.data, y.data


def test_adam_lesson_numbers() -> None:
    from gpt.model import GPT

    model = GPT(seed=0)
    model.loss("emma").backward()
    grads = sorted(abs(p.grad) for p in model.parameters())
    nonzero = [g for g in grads if g]
    assert len(grads) - len(nonzero) == 608 and round(nonzero[-1] / statistics.median(nonzero)) == 173
    says("adam.md", "608 of them are exactly 0", "173 times the median")
    silent = {name: sum(all(p.grad == 0 for p in row) for row in w) for name, w in model.weights.items()}
    assert (silent["wte"], silent["wpe"], silent["layer0.fc1"]) == (23, 11, 2)
    assert 23 * 16 + 11 * 16 + 2 * 16 + 2 * 16 == 608  # an fc1 row and an fc2 column per silent unit
    says("adam.md", "the 23 tokens", "the 11 positions", "2 MLP units")

    x, y = valley("sgd", 0.009, 50)
    assert f"{x:.2f} {y:.2f}" == "0.40 0.00"
    says("adam.md", "| 0.009 | 0.40 (still far) | 0.00 |", "from 1 to 0.40")
    x, y = valley("sgd", 0.011, 50)
    assert f"{x:.2f}" == "0.33" and f"{y:,.0f}" == "9,100"
    says("adam.md", "| 0.011 | 0.33 | 9,100 (exploded) |", "1 − 0.009 × 200 = −0.8", "the factor is −1.2")
    assert f"{valley('adam', 0.1, 1)[0]:.4f}" == f"{valley('adam', 0.1, 1)[1]:.4f}" == "0.9000"  # lr × 1
    assert {f"{v:.2f}" for v in valley("adam", 0.1, 10)} == {"0.09"}
    assert {f"{v:.2f}" for v in valley("adam", 0.1, 50)} == {"-0.02"}
    says("adam.md", "1 to 0.09 in 10 steps, and to −0.02 after 50")
    says("adam.md", "| m = 0.15 × gradient | 0.3 | 30 |", "| v = 0.01 × gradient² | 0.04 | 400 |")
    says("adam.md", "| \\(\\hat v\\) = v / 0.01 | 4 | 40,000 |")


def test_adam_lesson_describes_how_the_checkpoint_was_trained() -> None:
    import json

    record = json.loads((repo.ROOT / "gpt" / "data" / "gpt_names.json").read_text())["training"]
    assert (record["lr"], record["steps"], record["lr_schedule"]) == (0.01, 1000, "linear to 0")
    assert (record["adam"]["beta1"], record["adam"]["beta2"], record["adam"]["eps"]) == (0.85, 0.99, 1e-8)
    says("adam.md", "learning rate 0.01,", "the last of its 1,000 steps", "β1 = 0.85", "β2 = 0.99")


@pytest.mark.parametrize("lesson", ["tokens.md", "softmax.md", "embeddings.md", "adam.md"])
def test_lesson_ends_with_its_summary_and_runs_code(lesson: str) -> None:
    text = (LESSONS / lesson).read_text()
    assert text.rstrip().rsplit("\n\n", 1)[1].startswith("**In one line:**")
    assert "```python run" in text


def test_train_names_lesson_says_how_often_a_name_comes_out_empty() -> None:
    """BOS as the first token: the checkpoint's chance of it, and the untrained seed-42 GPT's."""
    from gpt.checkpoint import load_checkpoint
    from gpt.model import GPT, N_LAYER, NumbersGPT

    def first_bos(model: GPT, temperature: float) -> float:
        numbers = NumbersGPT(model)
        scores = numbers(BOS, 0, [[] for _ in range(N_LAYER)], [[] for _ in range(N_LAYER)])
        return numbers.softmax([s / temperature for s in scores])[BOS]

    trained, untrained = load_checkpoint()[0], GPT(seed=42)
    assert f"{first_bos(trained, 1.0):.3f}" == "0.006" and f"{first_bos(trained, 0.5):.4f}" == "0.0006"
    assert f"{first_bos(untrained, 1.0):.3f}" == "0.084" and round(1 / first_bos(untrained, 1.0)) == 12
    assert f"{first_bos(untrained, 0.5):.3f}" == "0.169" and round(1 / first_bos(untrained, 0.5)) == 6
    says(
        "train-names.md",
        "it gives BOS 0.006 as its first token, and 0.0006 at temperature 0.5",
        "0.084 (1 in 12), and 0.169 at temperature 0.5, so about one name in six comes out empty",
    )


def test_gpt_block_lesson_explains_the_gradient_checks_zeros() -> None:
    """The dots at 0, 0 of the gradient check on "al": MLP units off at every position of the name."""
    from gpt.checkpoint import load_checkpoint
    from gpt.gradient_check import checkpoint_gradient_check
    from gpt.model import MLP_WIDTH

    checked = checkpoint_gradient_check("al", 0)
    mlp = [g for p, g in zip(checked["parameters"], checked["gradients"]) if ".fc" in p[0]]
    assert (sum(g == 0 for g in mlp), len(mlp)) == (9, 12)
    model = load_checkpoint()[0]
    model.loss("al").backward()
    fc1, fc2 = model.weights["layer0.fc1"], model.weights["layer0.fc2"]
    off = [u for u in range(MLP_WIDTH) if all(p.grad == 0 for p in fc1[u])]
    assert len(off) == 43 and all(row[u].grad == 0 for row in fc2 for u in off)
    assert sum(p.grad == 0 for row in fc1 for p in row) == sum(p.grad == 0 for row in fc2 for p in row) == 688
    says("gpt-block.md", "(9 of its 12 here)", '43 of the 64 units stay off, so 688 of the 1,024 weights')


def test_embeddings_lesson_says_how_long_a_name_can_be() -> None:
    """16 positions: a sampled name stops at 16 letters, a typed one takes 15, no listed name is over 11."""
    from gpt.attention import MAX_LETTERS
    from gpt.model import BLOCK_SIZE, GPT

    class NeverTheEnd:
        """Dice that always throw "a": the name runs until the positions run out."""

        def choices(self, population, weights):
            return [0]

    assert GPT(seed=0).sample(NeverTheEnd()) == "a" * 16 and BLOCK_SIZE == 16
    assert MAX_LETTERS == 15 and max(map(len, load_names())) == 11 and len(load_names()) == 5163
    says("embeddings.md", "a name it writes stops at 16 letters", "has 11). The boxes", "take 15 letters")
