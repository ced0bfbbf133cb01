"""The authors' guide's worked example is a working lab: its grader keeps the contract every grader keeps."""

import re
import types

from lab_checks import grading
from tests.lab_checks.conftest import ROOT, failures

GUIDE = (ROOT / "lessons" / "authors.md").read_text()


def example_grader() -> types.ModuleType:
    code = re.search(r'^```python\n("""Lab sigmoid.*?)^```$', GUIDE, re.S | re.M)[1]
    module = types.ModuleType("lab_checks.sigmoid")
    exec(compile(code, "lessons/authors.md", "exec"), module.__dict__)
    return module


def example_starting_code() -> str:
    return re.search(r'^```python lab="sigmoid"\n(.*?)^```$', GUIDE, re.S | re.M)[1]


def test_example_grader_keeps_the_contract() -> None:
    grader = example_grader()
    assert grading.problems(grader) == []
    for seed in range(4):
        verdict = grading.grade(grader, grader.SOLUTION, seed=seed)
        assert verdict["verdict"] == "pass", failures(verdict)
        assert grading.grade(grader, example_starting_code(), seed=seed)["verdict"] == "fail"
        for mistake in grader.MISTAKES:
            verdict = grading.grade(grader, mistake.code, seed=seed)
            assert verdict["verdict"] == "fail"
            assert any(c.get("mistake") == mistake.name for c in verdict["checks"]), mistake.name


def test_example_lab_is_proven_as_the_build_proves_labs() -> None:
    from lab_checks.grading.contract import prove

    broken = prove(
        example_grader(), example_starting_code(), "lessons/authors.md:1", root=ROOT, seeds=range(2)
    )
    assert broken == [], "\n".join(map(str, broken))


def test_example_lab_fence_is_shown_not_built() -> None:
    from backprop_site.fences import find_fences

    assert [f.kind for f in find_fences(GUIDE)] == ["run"]


def test_reference_can_give_value_a_method_the_engine_lacks() -> None:
    """The class-lab pattern of the guide: reference={"Value": a subclass with the lab's method}."""
    import math

    from engine import Value

    class WithSoftplus(Value):
        def softplus(self):
            return (self.exp() + 1).log()

    case = grading.value_case(
        "L = a.softplus()\nL.backward()", {"a": 0.5}, ["L.data", "a.grad"], reference={"Value": WithSoftplus}
    )
    assert case.expected["L.data"] == math.log(1 + math.exp(0.5))
    assert abs(case.expected["a.grad"] - 1 / (1 + math.exp(-0.5))) < 1e-9
