"""The layers hold (DESIGN.md 3; issue 27): the card library, then the engine, then the game, then the front-ends (the
AI players, the simulator, the web server, the screen and the command line). A module imports its own layer and those
below it, never one above, but through the seams named here; and no circle of imports grows: each one there is
must be a part of one known below (they are to shrink, never to grow).

Imports are read from the source (every `import` of pacg, at the top of a module or inside a function, except those
only for the type checker), not by importing anything.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator
from pathlib import Path

import pacg

SOURCE = Path(pacg.__file__).resolve().parent

# The layers, lowest first: a module's layer is the first whose names it starts with; everything else is a front-end.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("kernel", ("pacg", "pacg.dice", "pacg.decisions")),  # the package (its names load lazily), dice, decisions
    ("cards", ("pacg.cards",)),
    ("engine", ("pacg.engine",)),
    ("game", ("pacg.game", "pacg.record", "pacg.record_v3", "pacg.tables", "pacg.views", "pacg.conformance",
              "pacg.saves")),
    ("campaign", ("pacg.campaign",)),  # a party playing scenario after scenario: games, one after another
    ("front-ends", ("pacg",)),
]

# Imports against the layers that are seams on purpose: each names why. The list may shrink, never grow.
SEAMS = {
    ("pacg.cards.reading", "pacg.engine.support"): "the card loader asks the engine which paragraphs it runs",
    ("pacg.cli.play", "pacg.engine.setup"): "SetupError, a setup's error, shown as a message",
    ("pacg.cli.replay", "pacg.engine.setup"): "SetupError, a record's setup's error, shown as a message",
    ("pacg.cli.simulate", "pacg.engine.setup"): "SetupError, a simulation's setup's error, shown as a message",
    ("pacg.cli.play", "pacg.engine.chance"): "ScriptedDieError, a table file's dice running out, shown as a message",
    ("pacg.web.service", "pacg.engine.setup"): "SetupError, a setup's error, answered as 422",
    ("pacg.sim.config", "pacg.engine.setup"): "setup_names: the names a simulation's setup reads",
}

# The circles of imports there are, each allowed to lose modules and never to gain one (issue 27: to shrink to none
# in cards/, none between game.py and record.py, and none of more than 6 modules).
KNOWN_CIRCLES = [
]


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package below `root` (the folder `pacg`), by its dotted name."""
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(tree: ast.Module) -> Iterator[str]:
    """The pacg modules a module's code imports, at any depth, leaving out `if TYPE_CHECKING:` blocks."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        stack.extend(ast.iter_child_nodes(node))


def import_graph(root: Path) -> dict[str, set[str]]:
    """Which pacg modules each module imports (a name imported from a package that is a module of its own counts as
    that module)."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = {target for target in _imported(ast.parse(path.read_text(encoding="utf-8"))) if target in known}
        graph[name] = targets - {name}
    return graph


def layer_of(module: str) -> int:
    for number, (_, prefixes) in enumerate(LAYERS):
        if any(module == prefix or (prefix != "pacg" and module.startswith(prefix + ".")) for prefix in prefixes):
            return number
    return len(LAYERS) - 1


def against_the_layers(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a module from a layer above its own, but the seams."""
    return sorted(f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
                  for module, targets in graph.items() for target in targets
                  if layer_of(target) > layer_of(module) and (module, target) not in SEAMS)


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The circles of imports: each set of two or more modules that import one another, directly or not
    (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph.get(module, ()):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def new_circles(graph: dict[str, set[str]]) -> list[str]:
    """Each circle that is no part of a known one, named with its modules."""
    return [", ".join(sorted(circle)) for circle in circles(graph)
            if not any(circle <= known for known in KNOWN_CIRCLES)]


def test_no_module_imports_against_the_layers() -> None:
    assert against_the_layers(import_graph(SOURCE)) == []


def test_no_circle_of_imports_grows() -> None:
    assert new_circles(import_graph(SOURCE)) == []


def test_every_seam_and_known_circle_is_still_there() -> None:
    """The lists only shrink: a seam no longer used, or a circle gone or smaller, is taken out of them."""
    graph = import_graph(SOURCE)
    assert [seam for seam in SEAMS if seam[1] not in graph.get(seam[0], set())] == []
    assert [sorted(known) for known in KNOWN_CIRCLES if known not in circles(graph)] == []


def test_an_import_against_the_layers_or_making_a_circle_fails(tmp_path: Path) -> None:
    """In a copy of pacg, the engine's zones importing an AI player is against the layers, and the dice importing the
    card models makes a circle (the models need the dice)."""
    copy = tmp_path / "pacg"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__", "data", "static"))
    zones = copy / "engine" / "zones.py"
    zones.write_text(zones.read_text(encoding="utf-8") + "\n\ndef _ai():\n    import pacg.agents.heuristic\n",
                     encoding="utf-8")
    dice = copy / "dice.py"
    dice.write_text(dice.read_text(encoding="utf-8") + "\n\ndef _cards():\n    from pacg.cards import model\n",
                    encoding="utf-8")
    graph = import_graph(copy)
    assert set(against_the_layers(graph)) >= {
        "pacg.dice (kernel) imports pacg.cards.model (cards)",
        "pacg.engine.zones (engine) imports pacg.agents.heuristic (front-ends)"}
    assert against_the_layers(import_graph(SOURCE)) == []  # (the copy's only: the source is as it was)
    assert any("pacg.cards.model" in circle and "pacg.dice" in circle for circle in new_circles(graph))
