"""``python -m renderers.spectrangle``: a record in, the board or final PNG out; clear exit
statuses for unreadable files and rule breaks, as ``python -m renderers.spexxx``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from games.spectrangle.game import Game
from games.spectrangle.record import export_record
from locales import LANGUAGES
from renderers.spectrangle import render_board, render_final
from renderers.spectrangle import theme as th
from renderers.spectrangle.samples import play

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann 🦄", "محمد", "W" * 200]


def _cli(
    *args: str | Path, module: str = "renderers.spectrangle"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.fixture(scope="module")
def game_and_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    game = play(3, 5, 18)
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(export_record(game, NAMES)))
    return game, path


@pytest.mark.parametrize("final", [False, True])
def test_cli_renders_the_same_image_as_the_library(
    game_and_file: tuple[Game, Path], tmp_path: Path, final: bool
) -> None:
    game, record = game_and_file
    out = tmp_path / "board.png"
    result = _cli(record, "--out", out, *(["--final"] if final else []))
    assert result.returncode == 0, result.stderr
    png = out.read_bytes()
    state = game.state
    expected = render_final(state, NAMES) if final else render_board(state, NAMES)
    assert png == expected
    img = Image.open(io.BytesIO(png))
    assert img.size == (th.IMAGE_W, th.IMAGE_H + (th.FINAL_EXTRA_H if final else 0))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cli_lang(game_and_file: tuple[Game, Path], tmp_path: Path, lang: str) -> None:
    game, record = game_and_file
    out = tmp_path / "board.png"
    result = _cli(record, "--out", out, "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == render_board(game.state, NAMES, lang=lang)


# The record CLI is shared (renderers.cli): its refusals are tested once for every game.
GAMES = [("renderers.spexxx", "spexxx-record/1"), ("renderers.spectrangle", "spectrangle-record/1")]


@pytest.mark.parametrize(("module", "fmt"), GAMES)
@pytest.mark.parametrize(
    "content", ["{not json", '{"format": "chess-record/1"}', "[1, 2]", '{"format": "FMT"}']
)
def test_cli_bad_file_exits_2(tmp_path: Path, module: str, fmt: str, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content.replace("FMT", fmt))
    result = _cli(path, "--out", tmp_path / "x.png", module=module)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("module", [module for module, _ in GAMES])
def test_cli_missing_file_exits_2(tmp_path: Path, module: str) -> None:
    result = _cli(tmp_path / "nope.json", "--out", tmp_path / "x.png", module=module)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_unwritable_out_exits_2(game_and_file: tuple[Game, Path], tmp_path: Path) -> None:
    _, record = game_and_file
    result = _cli(record, "--out", tmp_path / "no-such-dir" / "x.png")
    assert result.returncode == 2
    assert result.stderr.startswith("cannot write")


def test_cli_rule_break_exits_1(game_and_file: tuple[Game, Path], tmp_path: Path) -> None:
    _, record = game_and_file
    data = json.loads(record.read_text())
    place = next(i for i, t in enumerate(data["turns"]) if i > 0 and "field" in t)
    data["turns"][place]["field"] = data["turns"][0]["field"]  # an occupied field
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    result = _cli(path, "--out", tmp_path / "x.png")
    assert result.returncode == 1
    assert result.stderr.strip().startswith(f"turn {place}:")
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()
