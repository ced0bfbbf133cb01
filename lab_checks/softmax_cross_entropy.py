"""Lab softmax-cross-entropy: scores to probabilities, and the loss of the right token, on Values."""

from lab_checks.grading import Case, Mistake, check, mutate, value_case

TITLE = "Softmax and cross-entropy on Values"
DEFINES = ("softmax", "cross_entropy")

HINTS = [
    "softmax: find the largest score as a plain number, `top = max(s.data for s in logits)`, then "
    "exp each score minus it: `exps = [(s - top).exp() for s in logits]`.",
    "Then divide each exp by their total, `total = sum(exps)`, so the probabilities add up to 1. "
    "Keep everything a Value (`.exp()`, not `math.exp`), so that backward() reaches the scores.",
    "cross_entropy is minus the log of the right token's probability: take the softmax of the scores, "
    "pick entry `target`, and use the Value's own `.log()` so the loss stays in the graph.",
]

SOLUTION = '''\
from engine import Value


def softmax(logits):
    """Scores to probabilities that add up to 1 (subtract the largest score first)."""
    top = max(s.data for s in logits)
    exps = [(s - top).exp() for s in logits]
    total = sum(exps)
    return [e / total for e in exps]


def cross_entropy(logits, target):
    """The loss -ln(p) of the right token, number target, under softmax(logits)."""
    return -softmax(logits)[target].log()
'''

MISTAKES = [
    Mistake(
        "not normalised",
        mutate(SOLUTION, "return [e / total for e in exps]", "return exps"),
        "{name} is {got} but should be {expected}: the exps are not probabilities yet. Divide each by "
        "their total, `[e / total for e in exps]`, so that they add up to 1.",
    ),
    Mistake(
        "plain floats",
        mutate(
            SOLUTION,
            "exps = [(s - top).exp() for s in logits]",
            "import math\n    exps = [math.exp(s.data - top) for s in logits]",
        ),
        "softmax returned plain numbers, so there is no graph for backward() to go through: build it "
        "from Value operations, `(s - top).exp()`, not `math.exp(s.data ...)`.",
    ),
    Mistake(
        "no minus sign",
        mutate(SOLUTION, "return -softmax(logits)[target].log()", "return softmax(logits)[target].log()"),
        "{name} is {got} but should be {expected}: the log of a probability is negative, and a loss "
        "should fall as the right token's probability rises. The loss is minus the log, `-p.log()`.",
    ),
    Mistake(
        "log of the wrong probability",
        mutate(
            SOLUTION,
            "return -softmax(logits)[target].log()",
            "return -max(softmax(logits), key=lambda p: p.data).log()",
        ),
        "{name} is {got} but should be {expected}: the loss takes the probability of the right token, "
        "`softmax(logits)[target]`, not of the model's favourite. It is large exactly when the model "
        "gave the right token little probability.",
    ),
    Mistake(
        "log of the score",
        mutate(SOLUTION, "return -softmax(logits)[target].log()", "return -logits[target].log()"),
        "cross_entropy took the log of a score, and scores can be 0 or negative (log is then "
        "undefined). Take the log of the right token's probability: `-softmax(logits)[target].log()`.",
    ),
    Mistake(
        "no max subtracted",
        mutate(SOLUTION, "exps = [(s - top).exp() for s in logits]", "exps = [s.exp() for s in logits]"),
        "softmax overflowed: exp of a score in the hundreds is too large for a float. Subtract the "
        "largest score from every score first, `(s - top).exp()` with `top = max(s.data for s in "
        "logits)`: the probabilities stay the same and the largest exp becomes exp(0) = 1.",
    ),
]

_REFERENCE: dict = {}
exec(SOLUTION, _REFERENCE)
REFERENCE = {"softmax": _REFERENCE["softmax"], "cross_entropy": _REFERENCE["cross_entropy"]}


def _importing(case: Case) -> Case:
    """The case with Value imported first, so it runs even if the learner's code dropped the import."""
    return Case("from engine import Value\n" + case.code, case.expected, case.tol)


def _scores(rng, n: int, centre: float = 0.0) -> dict[str, float]:
    """n scores around centre, some negative, named s0, s1, ..."""
    return {f"s{i}": round(centre + rng.uniform(-3, 3), 4) for i in range(n)}


def _not_the_favourite(rng, scores: dict[str, float]) -> int:
    """A token that is not the top score, so the right token's probability is not the largest."""
    values = list(scores.values())
    top = values.index(max(values))
    return rng.choice([i for i in range(len(values)) if i != top])


@check("softmax of a few scores: probabilities, and the gradient of one of them")
def softmax_small(rng):
    scores = _scores(rng, rng.randint(3, 5))
    listed = ", ".join(scores)
    k = rng.randrange(len(scores))
    observe = [f"probs[{i}].data" for i in range(len(scores))] + [f"{s}.grad" for s in scores]
    code = f"probs = softmax([{listed}])\nL = probs[{k}]\nL.backward()"
    return _importing(value_case(code, scores, observe, reference=REFERENCE))


@check("cross_entropy: the loss of the right token, and the gradient of every score")
def cross_entropy_small(rng):
    scores = _scores(rng, rng.randint(3, 6))
    target = _not_the_favourite(rng, scores)
    code = f"L = cross_entropy([{', '.join(scores)}], {target})\nL.backward()"
    observe = ["L.data"] + [f"{s}.grad" for s in scores]
    return _importing(value_case(code, scores, observe, reference=REFERENCE))


@check("huge scores (in the hundreds): no overflow, the same probabilities and loss")
def huge_scores(rng):
    scores = _scores(rng, rng.randint(3, 5), centre=rng.uniform(750, 1000))
    target = _not_the_favourite(rng, scores)
    listed = ", ".join(scores)
    observe = ["L.data"] + [f"probs[{i}].data" for i in range(len(scores))] + [f"{s}.grad" for s in scores]
    code = f"probs = softmax([{listed}])\nL = cross_entropy([{listed}], {target})\nL.backward()"
    return _importing(value_case(code, scores, observe, reference=REFERENCE))
