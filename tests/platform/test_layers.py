"""bot/'s packages depend on each other in one direction only.

    contract  <  core  <  adapters, storage  <  flow  <  discord (the edge)  <  cli  <  bot

``MAY_IMPORT`` says which of bot/'s packages each one may import; every import counts, wherever
it stands (at the top, inside a function, under ``if TYPE_CHECKING:``), read from the source as
``tests/platform/test_import_cycles.py`` reads it. The game interface and the layers under the flow
stay free of discord.py (``NO_DISCORD``). Every module of bot/ belongs to a package of the list but
``bot/__init__.py`` and ``bot/__main__.py``, which start everything.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.platform.test_import_cycles import imported, project_modules

MAY_IMPORT: dict[str, frozenset[str]] = {
    "contract": frozenset({"contract"}),
    "core": frozenset({"contract", "core"}),
    "adapters": frozenset({"contract", "core", "adapters"}),
    "storage": frozenset({"contract", "core", "storage"}),
    "flow": frozenset({"contract", "core", "storage", "flow"}),
    # the edge builds the registry from the installed adapters and wires the flow to Discord
    "discord": frozenset({"contract", "core", "adapters", "storage", "flow", "discord"}),
    "cli": frozenset({"contract", "core", "adapters", "storage", "cli"}),
}
TOP = {"bot", "bot.__main__"}  # may import anything: they start the bot and the tools
NO_DISCORD = ("contract", "adapters", "storage")  # packages that never import discord.py


def layer(module: str) -> str | None:
    """``bot.flow.play`` → ``flow``; None for a module outside bot/ (games/, renderers/ …)."""
    parts = module.split(".")
    if parts[0] != "bot":
        return None
    return parts[1] if len(parts) > 1 else "bot"


def upward(modules: dict[str, Path] | None = None) -> list[str]:
    """Every import of a bot/ module its package may not import, as readable lines."""
    modules = project_modules() if modules is None else modules
    wrong = []
    for name, path in sorted(modules.items()):
        own = layer(name)
        if own is None or name in TOP:
            continue
        allowed = MAY_IMPORT[own]
        for target in sorted(imported(name, path, modules)):
            other = layer(target)
            if other is not None and (target in TOP or other not in allowed):
                wrong.append(f"{name} ({own}) imports {target} ({other})")
    return wrong


def discord_imports(path: Path) -> list[int]:
    """Lines of ``path`` that import discord.py, wherever they stand."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        if any(n == "discord" or n.startswith("discord.") for n in names):
            lines.append(node.lineno)
    return lines


def test_every_module_of_bot_is_in_a_layer() -> None:
    stray = [
        name
        for name in project_modules()
        if layer(name) is not None and name not in TOP and layer(name) not in MAY_IMPORT
    ]
    assert not stray, f"modules of bot/ outside its packages (move them into one): {stray}"


def test_dependencies_point_down() -> None:
    wrong = upward()
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_the_game_interface_adapters_and_storage_do_without_discord_py() -> None:
    modules = project_modules()
    found = [
        f"{name}:{line}"
        for name, path in sorted(modules.items())
        if layer(name) in NO_DISCORD
        for line in discord_imports(path)
    ]
    assert not found, f"discord.py imported where it may not be: {found}"


def test_an_upward_import_is_found(tmp_path: Path) -> None:
    """The check sees a lower layer importing a higher one, under TYPE_CHECKING or in a
    function too, and leaves downward imports alone."""
    (tmp_path / "bot" / "core").mkdir(parents=True)
    (tmp_path / "bot" / "flow").mkdir()
    core = tmp_path / "bot" / "core" / "clock.py"
    core.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.flow.play import PlayController\n"
        "def later():\n"
        "    from bot.discord import client\n"
    )
    flow = tmp_path / "bot" / "flow" / "play.py"
    flow.write_text("from bot.core.clock import later\n")
    client = tmp_path / "bot" / "discord" / "client.py"
    client.parent.mkdir()
    client.write_text("from bot.flow.play import later\n")
    (client.parent / "__init__.py").write_text("")
    modules = {
        "bot.core.clock": core,
        "bot.flow.play": flow,
        "bot.discord": client.parent / "__init__.py",
        "bot.discord.client": client,
    }
    assert upward(modules) == [
        "bot.core.clock (core) imports bot.discord.client (discord)",
        "bot.core.clock (core) imports bot.flow.play (flow)",
    ]
