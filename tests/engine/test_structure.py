"""The engine's structure: algorithms depend on games, never the reverse.

- The import graph of engine/ (every import statement, at module level or inside a function)
  has no cycle.
- No module of the games imports a player or a solver.
- No module under engine/players or engine/solvers holds a game id or alias as a string: what
  a game's computer players and advisors need, the game declares or the advisor registers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.games import all_games

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(), str(p)) for p in sorted(ENGINE.rglob("*.py"))}


def imports(name: str, tree: ast.Module, known: set[str]) -> set[str]:
    """The engine modules `name` imports (a package import counts as its __init__; `from
    package import module` as the module)."""
    package = name if name in known and any(k.startswith(name + ".") for k in known) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known] or [base]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def graph(trees: dict[str, ast.Module]) -> dict[str, set[str]]:
    known = set(trees)
    return {name: imports(name, tree, known) for name, tree in trees.items()}


@pytest.fixture(scope="module")
def trees() -> dict[str, ast.Module]:
    """engine/'s modules parsed once for the module's tests (they only read them)."""
    return modules()


@pytest.fixture(scope="module")
def edges(trees: dict[str, ast.Module]) -> dict[str, set[str]]:
    """The import graph of engine/, made once for the module's tests."""
    return graph(trees)


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_sees_imports_inside_functions(edges: dict[str, set[str]]) -> None:
    assert "engine.games" in edges["engine.games.draw"]
    assert "engine.protocol" in edges["engine.api"] or "engine.session" in edges["engine.api"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    tree = ast.parse("def f():\n    from engine.solvers import luzon\n")
    assert imports("engine.games.x", tree, {"engine.solvers", "engine.solvers.luzon"}) == {"engine.solvers.luzon"}


def test_the_engine_has_no_import_cycle(edges: dict[str, set[str]]) -> None:
    assert find_cycle(edges) is None


def test_games_import_no_player_and_no_solver(edges: dict[str, set[str]]) -> None:
    for name, targets in edges.items():
        if name.startswith("engine.games"):
            wrong = {t for t in targets if t.startswith(("engine.players", "engine.solvers"))}
            assert not wrong, f"{name} imports {sorted(wrong)}"


def test_players_and_solvers_name_no_game(trees: dict[str, ast.Module]) -> None:
    names = {g.spec.id for g in all_games()} | {a for g in all_games() for a in g.spec.aliases}
    for name, tree in trees.items():
        if not name.startswith(("engine.players", "engine.solvers")):
            continue
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not strings & names, f"{name} names {sorted(strings & names)}"


def test_a_game_with_an_advisor_refuses_to_go_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.games import get_game
    from engine.solvers import ADVISORS, advisor_for

    game = get_game("luzon")
    assert advisor_for(game) is not None
    monkeypatch.delitem(ADVISORS, type(game))  # as if engine/solvers/luzon.py were missing
    with pytest.raises(ModuleNotFoundError):
        advisor_for(game)
    assert advisor_for(get_game("draw")) is None
