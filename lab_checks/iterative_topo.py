"""Lab iterative-topo: a topological sort with its own stack, fit for a chain of 100,000 steps."""

from engine import Value
from engine import topological_order as reference_order
from lab_checks.grading import Case, Mistake, Satisfies, check, mutate

TITLE = "A topological sort without recursion"
DEFINES = ("topological_order",)

HINTS = [
    "Replace the calls to `visit` with a list used as a stack: start with `stack = [(root, False)]` and "
    "loop `while stack:`, taking the newest note with `node, placed = stack.pop()`.",
    'Two kinds of notes: `(node, False)` means "visit it" and `(node, True)` means "its inputs are '
    'placed, place it now". Append `node` to the order only for the second kind.',
    "On a visit note: skip a node you have seen; otherwise add it to `visited`, push `(node, True)` "
    "first, then `(child, False)` for each child, so the children come off the stack before the node.",
    "The loop body: `if placed: topo.append(node)`, `elif node not in visited: visited.add(node)`, "
    "`stack.append((node, True))`, and `stack.extend((child, False) for child in node._prev)`.",
]

SOLUTION = '''\
def topological_order(root):
    """Every node root depends on, each after its inputs, without recursion."""
    topo, visited = [], set()
    stack = [(root, False)]
    while stack:
        node, placed = stack.pop()
        if placed:
            topo.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            stack.extend((child, False) for child in node._prev)
    return topo
'''

RECURSIVE = '''\
def topological_order(root):
    """Every node root depends on, each after its inputs (recursive)."""
    topo, visited = [], set()

    def visit(v):
        if v not in visited:
            visited.add(v)
            for child in v._prev:
                visit(child)
            topo.append(v)

    visit(root)
    return topo
'''

LOOP = SOLUTION[SOLUTION.index("    stack = [(root, False)]") : SOLUTION.index("    return topo")]

MISTAKES = [
    Mistake(
        "still recursive",
        RECURSIVE,
        "RecursionError (the function gave up, so the order is empty): on a chain it still calls "
        "itself once per step, and Python allows only about 1,000 calls waiting at once. Keep the "
        "nodes still to do in a list of your own (`stack.append(...)`, `stack.pop()`) inside a "
        "`while stack:` loop, and do not call the function from itself.",
    ),
    Mistake(
        "raises the recursion limit",
        mutate(
            RECURSIVE,
            "    topo, visited = [], set()\n",
            "    import sys\n\n    sys.setrecursionlimit(1_000_000)\n    topo, visited = [], set()\n",
        ),
        "The order is right, but the function still calls itself once per step, so the calls waiting "
        "at once grow with the chain. Raising the recursion limit only moves the wall: deep enough, Python "
        "crashes instead. Keep the nodes still to do in a list of your own and loop `while stack:`.",
    ),
    Mistake(
        "placed on the first visit",
        mutate(
            SOLUTION,
            LOOP,
            "    stack = [root]\n    while stack:\n        node = stack.pop()\n"
            "        if node not in visited:\n            visited.add(node)\n"
            "            topo.append(node)\n            stack.extend(node._prev)\n",
        ),
        "A node came before its inputs (the output came first): it was placed the moment it was "
        "reached. Place a node only after all of its inputs are placed: push a note to come back to it, "
        "`(node, True)`, below its children, and append it when that note comes off the stack.",
    ),
    Mistake(
        "reversed pre-order",
        mutate(
            SOLUTION,
            LOOP,
            "    stack = [root]\n    while stack:\n        node = stack.pop()\n"
            "        if node not in visited:\n            visited.add(node)\n"
            "            topo.append(node)\n            stack.extend(node._prev)\n    topo.reverse()\n",
        ),
        "The order is {got}. Listing each node when it is first reached, then reversing the list, "
        "puts the output last, but a node reached early along one path can still be used by a node "
        "reached later along another. Place a node only once all its inputs are placed: push "
        "`(node, True)` below its children and append it when that note comes off the stack.",
    ),
    Mistake(
        "no visited set",
        mutate(
            SOLUTION,
            LOOP,
            "    stack = [(root, False)]\n    while stack:\n        node, placed = stack.pop()\n"
            "        if placed:\n            topo.append(node)\n        else:\n"
            "            stack.append((node, True))\n"
            "            stack.extend((child, False) for child in node._prev)\n",
        ),
        "A node appears more than once: a node used by several steps is reached along several paths. "
        "Keep a set of the nodes already visited and skip them (`elif node not in visited:`).",
    ),
    Mistake(
        "breadth first, reversed",
        mutate(
            SOLUTION,
            LOOP,
            "    visited.add(root)\n    queue = [root]\n    while queue:\n        node = queue.pop(0)\n"
            "        topo.append(node)\n        for child in node._prev:\n"
            "            if child not in visited:\n                visited.add(child)\n"
            "                queue.append(child)\n    topo.reverse()\n",
        ),
        "Some node comes before one of its inputs: reading the graph level by level from the output "
        "and reversing that does not work when a path skips a level. Use a stack (`pop()` takes the "
        "newest note) and place a node only when the note saying its inputs are done comes off it.",
    ),
    Mistake(
        "pops the oldest note",
        mutate(SOLUTION, "node, placed = stack.pop()", "node, placed = stack.pop(0)"),
        'The output was placed first: `pop(0)` takes the oldest note, so a node\'s "place me" note '
        "comes out before its children's notes. A stack takes the newest one: `stack.pop()`.",
    ),
]

CHAIN = 20_000  # twenty times deeper than Python lets calls wait; the check stays quick
NAMED = "from engine import Value\n\n\ndef named(v, label):\n    v.label = label\n    return v\n\n\n"


def _order_judge(output: Value) -> object:
    """Accept any order of output's graph with every node once and each after its inputs."""
    inputs = {v.label: [c.label for c in v._prev] for v in reference_order(output)}
    example = [v.label for v in reference_order(output)]

    def valid(got: object) -> bool:
        if type(got) is not list or sorted(got) != sorted(inputs):
            return False
        position = {label: i for i, label in enumerate(got)}
        return all(position[c] < position[v] for v, cs in inputs.items() for c in cs)

    def why(got: object) -> str | None:
        """The first thing wrong with an order, naming the nodes."""
        if type(got) is not list:
            return None
        for label in inputs:
            if got.count(label) > 1:
                return f"{label} is listed {got.count(label)} times"
        missing = [label for label in inputs if label not in got]
        if missing:
            return f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing"
        for v in got:
            late = [c for c in inputs.get(v, ()) if got.index(c) > got.index(v)]
            if late:
                return f"{v} comes before its input {late[0]}"
        return None

    return Satisfies(f"each node once, each after its inputs, e.g. {example}", valid, why)


def _graph_case(lines: list[str], namespace: dict) -> Case:
    code = NAMED + "\n".join(lines) + "\norder = [v.label for v in topological_order(L)]\n"
    exec(compile("\n".join(lines), "<graph>", "exec"), namespace)
    return Case(code, {"order": _order_judge(namespace["L"])})


def _data(rng) -> str:
    return repr(round(rng.uniform(-3, 3), 1))


@check("the lesson's graph: c = a * b, L = c + a")
def lesson_graph(rng) -> Case:
    lines = [
        f'a = Value({_data(rng)}, label="a")',
        f'b = Value({_data(rng)}, label="b")',
        'c = named(a * b, "c")',
        'L = named(c + a, "L")',
    ]
    return _graph_case(lines, {"Value": Value, "named": _named})


@check("a path that skips a step: u = a * b, v = u + c, L = v * a")
def skipping_path(rng) -> Case:
    lines = [
        f'a = Value({_data(rng)}, label="a")',
        f'b = Value({_data(rng)}, label="b")',
        f'c = Value({_data(rng)}, label="c")',
        'u = named(a * b, "u")',
        'v = named(u + c, "v")',
        'L = named(v * a, "L")',
    ]
    return _graph_case(lines, {"Value": Value, "named": _named})


@check("random graphs of + and * with shared nodes", cases=4)
def random_graphs(rng) -> Case:
    leaves = [chr(ord("a") + i) for i in range(rng.randint(2, 4))]
    lines = [f'{n} = Value({_data(rng)}, label="{n}")' for n in leaves]
    pool = list(leaves)
    for i in range(rng.randint(3, 7)):
        name = f"n{i}"
        x, y = rng.choice(pool), rng.choice(pool[-3:])
        lines.append(f'{name} = named({x} {rng.choice("+*")} {y}, "{name}")')
        pool.append(name)
    lines.append(f'L = named({pool[-1]} {rng.choice("+*")} {rng.choice(pool[:-1])}, "L")')
    return _graph_case(lines, {"Value": Value, "named": _named})


# The chains of the last two checks are nodes in one list, each finding its input by index, so no
# node holds on to another: a long chain of objects holding each other is freed by a recursion deep
# inside Python, which overflows the browser's stack whenever learner code leaves the chain to the
# garbage collector (a recursive sort's closures do).
CHAIN_OF = """\
class Node:
    \"\"\"Node i of the list `chain`; its one input is node i - 1 (node 0 has none).\"\"\"

    def __init__(self, i):
        self.i = i

    @property
    def _prev(self):
        return (chain[self.i - 1],) if self.i else ()


"""

COUNTING_CHAIN_OF = """\
import sys


def calls_waiting():
    \"\"\"How many function calls are unfinished right now (this one included).\"\"\"
    count, frame = 0, sys._getframe()
    while frame is not None:
        count, frame = count + 1, frame.f_back
    return count


class Node:
    \"\"\"Node i of the list `chain`; its one input is node i - 1. It notes how many calls wait.\"\"\"

    deepest = 0

    def __init__(self, i):
        self.i = i

    @property
    def _prev(self):
        if self.i % 100 == 0:  # every 100th node is enough to see whether the calls grow
            Node.deepest = max(Node.deepest, calls_waiting())
        return (chain[self.i - 1],) if self.i else ()


"""

SORT = (
    "try:\n"
    "    order = topological_order(x)\n"
    "except RecursionError:\n"
    "    order = []  # it called itself too deeply to finish\n"
)


@check("how many calls wait at once, on a chain of a few thousand nodes (it must not grow with it)", cases=1)
def calls_stay_few(rng) -> Case:
    nodes = rng.randrange(1_500, 3_000)
    code = (
        COUNTING_CHAIN_OF
        + f"chain = [Node(i) for i in range({nodes})]\n"
        + "x = chain[-1]\n"
        + "here = calls_waiting()\n"
        + SORT
        + "few_calls_waiting = Node.deepest - here < 50\n"
    )
    return Case(code, {"len(order)": nodes, "few_calls_waiting": True})


@check(f"a chain of {CHAIN + 1:,} nodes, each the input of the next", cases=1, slow=True)
def long_chain(rng) -> Case:
    nodes = CHAIN + 1 + rng.randrange(1_000)
    code = (
        CHAIN_OF
        + f"chain = [Node(i) for i in range({nodes:_})]\n"
        + "x = chain[-1]\n"
        + SORT
        + "position = {id(v): i for i, v in enumerate(order)}\n"
        + "output_last = bool(order) and order[-1] is x\n"
        + "inputs_first = all(\n"
        + "    position.get(id(c), len(order)) < position[id(v)] for v in order for c in v._prev\n"
        + ")\n"
    )
    expected = {"len(order)": nodes, "len(position)": nodes, "output_last": True, "inputs_first": True}
    return Case(code, expected)


def _named(v: Value, label: str) -> Value:
    v.label = label
    return v
