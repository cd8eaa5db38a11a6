"""The project's import cycles may only shrink.

Every import between the project's modules counts, wherever it stands: at the top, inside a
function, or under ``if TYPE_CHECKING:`` (an annotation-only import still ties the two modules
together for a reader and for a type checker); a registry's
``importlib.import_module(f"{__name__}.…")`` imports each of its own modules. The groups of
modules that import each other in a circle today are listed in ``ALLOWED``; a new circle, or a
module joining one, fails this test. When a circle shrinks, the test asks for ``ALLOWED`` to
shrink with it, so it never grows back. ``python tests/platform/test_import_cycles.py`` prints
today's.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "games", "renderers", "locales")

ALLOWED: list[frozenset[str]] = []  # today's circles: none; this list may only shrink


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports (``from a import b`` counts ``a.b`` when it is a
    module, else ``a``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                targets.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.add(full if full in modules else base)
        if _imports_own_children(node):
            targets.update(m for m in modules if m.rpartition(".")[0] == name)
    found: set[str] = set()
    for target in targets:
        while target and target not in modules:  # `import a.b.c` reaches a.b.c's module
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def _imports_own_children(node: ast.AST) -> bool:
    """``importlib.import_module(f"{__name__}.{…}")``: a registry importing its own modules."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    if node.func.attr != "import_module" or not node.args:
        return False
    first = node.args[0]
    return isinstance(first, ast.JoinedStr) and any(
        isinstance(v, ast.FormattedValue)
        and isinstance(v.value, ast.Name)
        and v.value.id == "__name__"
        for v in first.values
    )


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected groups of two or more modules (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(frozenset(group))
    return groups


def test_no_import_cycle_grows() -> None:
    found = cycles(import_graph())
    grown = [sorted(group) for group in found if not any(group <= known for known in ALLOWED)]
    assert not grown, f"a new import cycle, or a module joined one: {grown}"


def test_the_allowed_cycles_shrink_with_the_code() -> None:
    found = set(cycles(import_graph()))
    gone = [sorted(known) for known in ALLOWED if known not in found]
    assert not gone, (
        "an import cycle shrank or went (well done): make ALLOWED what "
        f"`python tests/platform/test_import_cycles.py` prints now; no longer there: {gone}"
    )


def test_every_kind_of_import_counts() -> None:
    """The finder sees plain, relative, function-level and TYPE_CHECKING imports."""
    graph = {
        "a": {"b"},  # a -> b -> c -> a: one circle
        "b": {"c"},
        "c": {"a"},
        "d": {"a"},  # reaches the circle but is not in it
        "e": {"f"},
        "f": {"e"},
    }
    assert sorted(sorted(g) for g in cycles(graph)) == [["a", "b", "c"], ["e", "f"]]
    modules = project_modules()
    # bot.core.text imports the adapter interface only under TYPE_CHECKING (to annotate)
    assert "bot.contract.adapter" in imported("bot.core.text", modules["bot.core.text"], modules)
    # the game commands import the controller only under TYPE_CHECKING (for their Host)
    assert "bot.flow.play" in imported(
        "bot.discord.commands", modules["bot.discord.commands"], modules
    )
    registry = imported("bot.adapters", modules["bot.adapters"], modules)
    assert "bot.adapters.spexxx" in registry  # importlib.import_module(f"{__name__}.{…}")


if __name__ == "__main__":
    for group in sorted(cycles(import_graph()), key=len):
        print(f"    frozenset({sorted(group)!r}),")
