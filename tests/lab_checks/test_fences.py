"""The build reads fenced code as CommonMark does: a fence closes only with its own character, at least
as many, so the Markdown examples of the authors' guide (```` fences holding ``` fences) stay code."""

from backprop_site.fences import code_lines, find_fences

NESTED = """Prose.

````markdown
```python lab="sigmoid"
print("lesson 2.4")
```
````

After."""


def test_a_fence_inside_a_longer_fence_is_code() -> None:
    lines = NESTED.split("\n")
    assert code_lines(lines) == set(range(2, 7))  # ```` to ````, the inner fence and its code included
    assert find_fences(NESTED) == []


def test_a_fence_closes_only_with_its_own_character_at_least_as_long() -> None:
    lines = ["~~~", "```", "~~", "~~~ not a close", "    ~~~", "~~~~", "prose"]
    assert code_lines(lines) == set(range(6))  # 4 spaces in is code; ~~~~ closes ~~~


def test_backticks_in_the_info_string_are_inline_code_not_a_fence() -> None:
    assert code_lines(["```` ```python run ```` is a run cell", "prose"]) == set()


def test_interactive_fences_of_tildes_and_of_tabs() -> None:
    markdown = '=== "a"\n\n    ~~~python run\n    x = 1\n    ```\n    ~~~\n'
    (fence,) = find_fences(markdown)
    assert (fence.kind, fence.code, fence.line, fence.indent) == ("run", "x = 1\n```", 3, "    ")
