"""The game interface itself (issue 24): small, free of discord.py, and a game's declared
capabilities checked once, when it registers."""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.adapters import installed
from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import GameRegistrationError, check_game
from bot.contract.info import Capability
from bot.core.registry import Registry
from tests.live_toy import SNAP, SnapAdapter


def members() -> tuple[list[str], list[str]]:
    """GameAdapter's public members (names its class body defines: attributes and methods)
    and those every game must write (abstract, or declared without a value)."""
    tree = ast.parse(inspect.getsource(GameAdapter))
    body = tree.body[0].body  # type: ignore[attr-defined]
    names, required = [], []
    for node in body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            names.append(node.name)
            if any(getattr(d, "id", "") == "abstractmethod" for d in node.decorator_list):
                required.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
            if node.value is None:
                required.append(node.target.id)
    return names, required


def test_the_game_interface_is_small() -> None:
    names, required = members()
    assert len(names) <= 30, names
    assert len(required) <= 12, required


def test_importing_the_interface_does_not_import_discord() -> None:
    code = (
        "import bot.contract.adapter, bot.contract.capabilities, bot.contract.codec, "
        "bot.contract.info, bot.contract.models, bot.contract.refusals; "
        "import sys; assert 'discord' not in sys.modules, 'discord.py imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_registered_game_passes_its_check() -> None:
    for adapter in installed().values():
        check_game(adapter)
    check_game(SNAP)


def test_a_game_declaring_a_capability_it_lacks_fails_to_register() -> None:
    class NoHints(SnapAdapter):
        info = replace(
            SnapAdapter.info, capabilities=frozenset({Capability.LIVE, Capability.HINTS})
        )

    with pytest.raises(GameRegistrationError, match=r"Snap .* declares hints but lacks hint_text"):
        Registry([NoHints()])  # registering it


def test_a_game_offering_a_capability_it_does_not_declare_fails_to_register() -> None:
    class Undeclared(SnapAdapter):
        info = replace(SnapAdapter.info, capabilities=frozenset())

    with pytest.raises(GameRegistrationError, match="is a LiveRounds but does not declare"):
        Registry([Undeclared()])


def test_a_game_without_rules_fails_to_register() -> None:
    class Silent(SnapAdapter):
        info = replace(SnapAdapter.info, rules="")

    with pytest.raises(GameRegistrationError, match="has no rules"):
        Registry([Silent()])


def test_the_guide_shows_the_smallest_game_as_it_is() -> None:
    """docs/developing.md shows tests/toy_nim.py whole: the code the contract test plays."""
    root = Path(__file__).resolve().parents[3]
    guide = (root / "docs" / "developing.md").read_text()
    shown = guide.split("### The smallest complete game", 1)[1].split("```python\n", 1)[1]
    assert shown.split("```", 1)[0] == (root / "tests" / "toy_nim.py").read_text()
