"""Long lists of choices within Discord's limits: at most 25 options a select.

A list of choices (each a tuple of positions in label order, e.g. a build ``0E2 0F2 1E2``) that
does not fit one select is cut into pages, each listed by the first die its choices start
with: choices with the same first die stay together where they fit (``0E2``, ``0F2 – 0G3``),
and a first die with more than 25 choices gets pages of its own (``0E2 (1/2)``). The first
select names the page, the second lists its choices: two steps, never a free text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.contract.adapter import MAX_OPTIONS, Option, Select
from games.das_spiel import geometry as g

Choice = tuple[int, ...]  # positions, ascending (label order)


@dataclass(frozen=True, slots=True)
class Page:
    label: str
    choices: tuple[Choice, ...]


def key(choice: Choice) -> str:
    """A choice as a select value and custom_id argument: ``0E2.0F2.1E2``."""
    return ".".join(g.LABELS[i] for i in choice) or "-"


def parse(text: str) -> Choice:
    """The positions of ``key``'s text; raises ``ValueError`` on anything else."""
    if text == "-":
        return ()
    try:
        out = tuple(g.index_of_label(label) for label in text.split("."))
    except KeyError:
        raise ValueError(f"not a choice: {text!r}") from None
    if list(out) != sorted(set(out)):
        raise ValueError(f"not a choice: {text!r}")
    return out


def words(choice: Choice) -> str:
    """``0E2 0F2 1E2``."""
    return " ".join(g.LABELS[i] for i in choice)


def pages(choices: Sequence[Choice]) -> list[Page]:
    """One page (in the order given) when the choices fit one select, else pages by first
    die (see above)."""
    if len(choices) <= MAX_OPTIONS:
        return [Page("", tuple(choices))]
    ordered = sorted(choices)
    groups: list[list[Choice]] = []
    for choice in ordered:
        if groups and groups[-1][0][0] == choice[0]:
            groups[-1].append(choice)
        else:
            groups.append([choice])
    out: list[Page] = []
    packed: list[list[Choice]] = []
    for group in groups:
        if len(group) > MAX_OPTIONS:
            parts = [group[i : i + MAX_OPTIONS] for i in range(0, len(group), MAX_OPTIONS)]
            out.extend(_pack(packed))
            packed = []
            first = g.LABELS[group[0][0]]
            out.extend(
                Page(f"{first} ({n}/{len(parts)})", tuple(part))
                for n, part in enumerate(parts, start=1)
            )
        elif packed and sum(map(len, packed)) + len(group) <= MAX_OPTIONS:
            packed.append(group)
        else:
            out.extend(_pack(packed))
            packed = [group]
    out.extend(_pack(packed))
    if len(out) > MAX_OPTIONS:
        raise ValueError(f"{len(ordered)} choices do not fit two selects")
    return out


def _pack(groups: list[list[Choice]]) -> list[Page]:
    if not groups:
        return []
    first, last = g.LABELS[groups[0][0][0]], g.LABELS[groups[-1][0][0]]
    label = first if first == last else f"{first} – {last}"
    return [Page(label, tuple(c for group in groups for c in group))]


def positions(choices: Sequence[Choice]) -> list[int]:
    """Every position of the choices, ascending: the labels a picture shows."""
    return sorted({i for choice in choices for i in choice})


def page_number(text: str, listing: Sequence[Page]) -> int | None:
    """A page argument (``-``: none chosen) as a page of ``listing``; ``ValueError`` else."""
    if text == "-":
        return None
    n = int(text)
    if not 0 <= n < len(listing):
        raise ValueError(f"no page {n}")
    return n


def selects(
    listing: Sequence[Page],
    page: int | None,
    *,
    pages_action: str,
    choose_action: str,
    option: Callable[[Choice], Option],
    args: tuple[str, ...] = (),
    pages_hint: str = "",
    choose_hint: str = "",
    about_page: Callable[[Page], str | None] = lambda page: None,
) -> list[Select]:
    """The rows that offer a list of choices: the page select when they need more than one
    select (args ``args``), and the select of the page shown, once one is (args ``args`` and
    the page, ``-`` when there is one page)."""
    rows: list[Select] = []
    if len(listing) > 1:
        rows.append(
            Select(
                pages_action,
                tuple(
                    Option(p.label, str(n), about_page(p), default=n == page)
                    for n, p in enumerate(listing)
                ),
                args,
                placeholder=pages_hint,
            )
        )
    if listing and listing[0].choices and (len(listing) == 1 or page is not None):
        rows.append(
            Select(
                choose_action,
                tuple(option(c) for c in listing[page or 0].choices),
                (*args, "-" if page is None else str(page)),
                placeholder=choose_hint,
            )
        )
    return rows
