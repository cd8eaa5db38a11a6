"""The pictures in ``docs/`` are what the renderers draw today.

Each sample module draws its docs images in memory; they are compared with the files pixel for
pixel (no tolerance). Bytes are not compared: the same pixels may be written differently by
another encoder setting or zlib build (Spectrangle's docs were once pixel-equal, byte-different),
and that is no drift a reader could see.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from renderers import samples as spexxx_samples
from renderers.das_spiel import samples as das_spiel_samples
from renderers.spectrangle import samples as spectrangle_samples

DOCS = Path(__file__).resolve().parents[2] / "docs"
GENERATORS: dict[str, Callable[[], dict[str, bytes]]] = {
    "renderers.samples": spexxx_samples.sample_images,
    "renderers.spectrangle.samples": spectrangle_samples.sample_images,
    "renderers.das_spiel.samples": das_spiel_samples.sample_images,
}


def _pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGBA")


def drift(module: str, drawn: dict[str, bytes], docs: Path) -> list[str]:
    """What differs between the images ``module`` draws and the files in ``docs``: one line
    per image, saying how to regenerate them."""
    how = f"regenerate with `.venv/bin/python -m {module}`"
    problems = []
    for name, data in drawn.items():
        path = docs / name
        if not path.exists():
            problems.append(f"docs/{name} is missing: {how}")
            continue
        new, old = _pixels(data), _pixels(path.read_bytes())
        if new.size != old.size:
            problems.append(f"docs/{name} is {old.size}, the renderer draws {new.size}: {how}")
            continue
        box = ImageChops.difference(new, old).getbbox(alpha_only=False)
        if box is not None:
            problems.append(f"docs/{name} differs from the renderer's drawing in {box}: {how}")
    return problems


@pytest.mark.parametrize("module", sorted(GENERATORS))
def test_docs_pictures_are_what_the_renderers_draw(module: str) -> None:
    problems = drift(module, GENERATORS[module](), DOCS)
    assert not problems, "\n".join(problems)


def test_every_docs_picture_has_a_generator() -> None:
    drawn = {name for make in GENERATORS.values() for name in make()}
    stray = sorted(p.name for p in DOCS.glob("*.png") if p.name not in drawn)
    assert not stray, f"docs/ pictures no sample module draws (drop them or draw them): {stray}"


def test_drift_is_found_and_says_how_to_regenerate(tmp_path: Path) -> None:
    """The comparison sees a single changed pixel and a missing file."""
    data = spexxx_samples.sample_images()["sample-legend.png"]
    img = _pixels(data)
    img.putpixel((5, 5), (255, 0, 255, 255))
    img.save(tmp_path / "sample-legend.png")
    problems = drift("renderers.samples", {"sample-legend.png": data, "x.png": data}, tmp_path)
    assert len(problems) == 2
    assert "(5, 5, 6, 6)" in problems[0] and "python -m renderers.samples" in problems[0]
    assert "docs/x.png is missing" in problems[1]
