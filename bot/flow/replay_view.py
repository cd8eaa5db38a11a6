"""The replay viewer: any finished game of the server watched again, step by step, privately.

What a step shows is ``bot.core.replays``' (the game's own words and pictures); this is its
Discord side. The viewer is an ephemeral message with ⏮ ◀ ▶ ⏭, a select of the steps (23 a
page, and two options that turn the page), a select of the sides for a game that has them
(Raffzahn), and buttons that post the step in the channel or the whole game as an animation.
Every custom_id carries the game and the step (``rp-<act>:<game>:<step>:<side>[:<page>]``,
at most 40 characters), so the buttons work after a restart: a click finds the game in this
server by its id and draws the step asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.contract.adapter import MAX_OPTIONS, GameAdapter
from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal
from bot.core import text
from bot.core.account import unmark
from bot.core.failures import DISCORD_FAILURES
from bot.core.replays import ReplayBook, StepView, can_replay, picture_key, sides
from bot.flow import replies
from bot.flow.replies import user_t
from locales import Translator
from renderers.animation import LIMIT, animate, spread

if TYPE_CHECKING:
    from bot.storage import GameStore

log = logging.getLogger(__name__)

REPLAY_PREFIX = "rp-"  # no game's code has a hyphen (``bot.flow.components``)
TEMPLATE = (
    r"rp-(?P<act>[a-z]{2,6}):(?P<gid>\d{1,19}):(?P<at>\d{1,6}):(?P<side>p|s\d{1,2})"
    r"(?::(?P<page>\d{1,4}))?"
)
PER_PAGE = MAX_OPTIONS - 2  # steps in one page of the select; two options turn the page
MESSAGE_LIMIT = 2000
NO_MENTIONS = discord.AllowedMentions.none()

Run = Callable[..., Awaitable[Any]]  # runs a function off the event loop (the render thread)


def replay_id(act: str, game_id: int, at: int, side: int | None, page: int | None = None) -> str:
    code = "p" if side is None else f"s{side}"
    tail = "" if page is None else f":{page}"
    return f"rp-{act}:{game_id}:{at}:{code}{tail}"


class ReplayItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """Every control of the viewer (and the results' Replay button): one template."""

    def __init__(self, item: discord.ui.Item[Any], click: Click | None = None) -> None:
        super().__init__(item)
        self.click = click

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> ReplayItem:
        side = None if match["side"] == "p" else int(match["side"][1:])
        page = int(match["page"]) if match["page"] is not None else None
        return cls(item, Click(match["act"], int(match["gid"]), int(match["at"]), side, page))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        assert self.click is not None
        item = self.item
        values = tuple(item.values) if isinstance(item, discord.ui.Select) else ()
        click = dataclasses.replace(self.click, values=values)
        await interaction.client.replays.on_click(interaction, click)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Click:
    act: str
    game_id: int
    at: int
    side: int | None
    page: int | None
    values: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Screen:
    """A step drawn for the viewer or the channel: words, picture, and where it is."""

    step: StepView
    png: bytes | None
    filename: str
    options: tuple[tuple[int, str], ...]  # the select's page: (step, its first line)
    pages: int
    page: int
    side: int | None  # the side asked for (the picture may be everyone's: nothing to show)


class ReplayViewer:
    """Answers the viewer's controls and ``/<group> replay``: given the store, the installed
    games, the render thread (``run``), the server's language (``public_t``) and how to
    answer a refusal (``tell``)."""

    def __init__(
        self,
        store: GameStore,
        games: Mapping[str, GameAdapter[Any]],
        run: Run,
        public_t: Callable[[int], Awaitable[Translator]],
        tell: Callable[[discord.Interaction, str], Awaitable[None]],
    ) -> None:
        self.store = store
        self.games = games
        self.run = run
        self.public_t = public_t
        self.tell = tell
        self.book = ReplayBook(games)
        self.renders = 0  # animated replays made by this process (tests count them)
        self._making: dict[tuple[int, int, str, str], asyncio.Task[None] | None] = {}

    def buttons(self, t: Translator, row: GameRow) -> list[discord.ui.Item[Any]]:
        """The results' part (``bot.flow.results``): Replay, on a finished game's results."""
        if row.status is not Status.FINISHED or not can_replay(self.games[row.kind]):
            return []
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=t("Replay"),
            emoji="🎬",
            style=discord.ButtonStyle.secondary,
            custom_id=replay_id("open", row.id, 0, None),
        )
        return [ReplayItem(button)]

    # ----------------------------------------------------------------- finding the game

    async def finished(
        self, guild_id: int, game_id: int, kinds: frozenset[str] | None = None, name: str = ""
    ) -> GameRow:
        """The finished game ``game_id`` of this server (of ``kinds``, if given), with its
        whole log; a refusal for any other (none such here, running, cancelled)."""
        row = self.book.final_row(guild_id, game_id)
        if row is None:
            row = await self.store.get(guild_id, game_id, events=True)
        if row is None or (kinds is not None and row.kind not in kinds):
            if name:
                raise Refusal(
                    "There is no {game} game #{id} in this server.", game=name, id=game_id
                )
            raise Refusal("There is no finished game #{id} in this server.", id=game_id)
        title = f"{self.games[row.kind].info.title} #{row.id}"
        if row.status.active:
            raise Refusal(
                "{game} is still running: it can be watched again once it is over.", game=title
            )
        if row.status is not Status.FINISHED or row.game is None:
            raise Refusal(
                "{game} was cancelled: only finished games can be watched again.", game=title
            )
        if not can_replay(self.games[row.kind]):
            raise Refusal("{game} cannot be watched again.", game=self.games[row.kind].info.title)
        return row

    # ----------------------------------------------------------------------- answering

    async def show(self, interaction: discord.Interaction, row: GameRow) -> None:
        """A new private viewer of ``row`` at its start (a command or the results' button)."""
        t = user_t(interaction)
        screen = await self.run(self._screen, t, row, 0, None, None)
        fields = self._fields(t, row, screen)
        fields["files"] = fields.pop("attachments")  # a new message has files, not attachments
        await replies.send_message(interaction, ephemeral=True, **fields)

    async def on_click(self, interaction: discord.Interaction, click: Click) -> None:
        try:
            async with replies.in_time(interaction, private=True):
                await self._click(interaction, click)
        except Refusal as exc:
            await self.tell(interaction, exc.text(user_t(interaction)))
        except DISCORD_FAILURES as exc:  # nothing to keep: the viewer answers the next click
            log.warning("a replay step was not shown: %r", exc, extra={"game": click.game_id})

    async def _click(self, interaction: discord.Interaction, click: Click) -> None:
        if interaction.guild_id is None:
            raise Refusal("There is no finished game #{id} in this server.", id=click.game_id)
        row = await self.finished(interaction.guild_id, click.game_id)
        if click.act == "open":
            await self.show(interaction, row)
            return
        count = len(await self.run(self.book.rows, row))
        at, side, page = min(click.at, count - 1), click.side, None
        if click.act == "first":
            at = 0
        elif click.act == "prev":
            at = max(0, at - 1)
        elif click.act == "next":
            at = min(count - 1, at + 1)
        elif click.act == "last":
            at = count - 1
        elif click.act == "pick" and click.values:
            value = click.values[0]
            if value.startswith("g"):  # turn the select's page, stay on the step
                page = _number(value[1:], (count + PER_PAGE - 1) // PER_PAGE)
            else:
                at = _number(value, count)
        elif click.act == "side" and click.values:
            chosen = click.values[0]
            allowed = sides(self.games[row.kind], row)
            side = int(chosen[1:]) if chosen.startswith("s") and chosen[1:].isdigit() else None
            if side is not None and side not in allowed:
                raise Refusal("That button is not valid for this turn.")
        elif click.act == "post":
            await self._post(interaction, row, at, side)
            return
        elif click.act == "gif":
            await self._animated(interaction, row, side)
            return
        elif click.act not in ("pick", "side"):
            raise Refusal("That button is not valid for this turn.")
        t = user_t(interaction)
        screen = await self.run(self._screen, t, row, at, side, page)
        await replies.edit_message(interaction, **self._fields(t, row, screen))

    async def _post(
        self, interaction: discord.Interaction, row: GameRow, at: int, side: int | None
    ) -> None:
        """The step in the channel, for everyone, in the server's language."""
        assert interaction.guild_id is not None
        t = await self.public_t(interaction.guild_id)
        screen = await self.run(self._screen, t, row, at, side, None)
        who = text.safe_name(interaction.user.display_name)
        shared = t("shared by {name}", name=who)  # who posted it, not whose step it is
        content = _cut(f"{self._head(t, row, screen)} · {shared}\n{screen.step.line}")
        files = [_file(screen)] if screen.png is not None else []
        await replies.send_message(interaction, content, files=files, allowed_mentions=NO_MENTIONS)

    # ---------------------------------------------------------------- the animated replay

    async def _animated(
        self, interaction: discord.Interaction, row: GameRow, side: int | None
    ) -> None:
        """The whole game as a GIF, in the channel, in the server's language: the one made
        before (stored), else a progress message now, edited with the GIF once it is made
        (the frames on the render thread one by one, so other clicks go on meanwhile; the GIF
        on a thread of its own)."""
        assert interaction.guild_id is not None
        t = await self.public_t(interaction.guild_id)
        code = "p" if side is None else f"s{side}"
        key = (row.guild_id, row.id, t.lang, code)
        game = f"{self.games[row.kind].info.title} #{row.id}"
        if key in self._making:
            raise Refusal(
                "The animated replay of {game} is being drawn: it appears in the channel in a "
                "moment.",
                game=game,
            )
        self._making[key] = None  # claimed before any wait: a click meanwhile is told so
        try:
            task = await self._start(interaction, row, t, side, key, game)
        finally:
            if self._making.get(key) is None:
                self._making.pop(key, None)
        if task is not None:
            self._making[key] = task
            task.add_done_callback(lambda _: self._making.pop(key, None))

    async def _start(
        self,
        interaction: discord.Interaction,
        row: GameRow,
        t: Translator,
        side: int | None,
        key: tuple[int, int, str, str],
        game: str,
    ) -> asyncio.Task[None] | None:
        """Post the kept animation (None), or the progress message and the task making it."""
        stored = await self.store.animation(*key)
        count = len(await self.run(self.book.rows, row))
        done = "🎞️ " + t(
            "**{game}**, the whole game in {n} step.",
            "**{game}**, the whole game in {n} steps.",
            count - 1,
            game=game,
        )
        if stored is not None:
            await replies.send_message(
                interaction, done, file=_gif(stored, row), allowed_mentions=NO_MENTIONS
            )
            return None
        await replies.send_message(
            interaction,
            "🎞️ "
            + t(
                "Drawing the animated replay of **{game}** ({n} step)…",
                "Drawing the animated replay of **{game}** ({n} steps)…",
                count - 1,
                game=game,
            ),
            allowed_mentions=NO_MENTIONS,
        )
        guild = interaction.guild
        limit = min(LIMIT, guild.filesize_limit) if guild is not None else LIMIT
        return asyncio.create_task(self._make(interaction, row, t, side, key, done, limit))

    async def _make(
        self,
        interaction: discord.Interaction,
        row: GameRow,
        t: Translator,
        side: int | None,
        key: tuple[int, int, str, str],
        done: str,
        limit: int,
    ) -> None:
        try:
            count = len(await self.run(self.book.rows, row))
            game = f"{self.games[row.kind].info.title} #{row.id}"
            pictures: list[bytes] = []
            captions: list[str] = []
            for n in spread(count):  # a long game: every n-th step, drawn only those
                png = await self.run(self._frame, t, row, n, side)
                if png is None:
                    continue
                pictures.append(png)
                where = (
                    t("the start")
                    if n == 0
                    else t("the end")
                    if n == count - 1
                    else t("step {n} of {count}", n=n, count=count - 1)
                )
                captions.append(f"{game} · {where}")
            made = await asyncio.to_thread(animate, pictures, captions, limit=limit)
            self.renders += 1
            await self.store.keep_animation(*key, made.data)
            await interaction.edit_original_response(
                content=done, attachments=[_gif(made.data, row)], allowed_mentions=NO_MENTIONS
            )
        except DISCORD_FAILURES as exc:  # kept: the next click posts it without drawing
            log.warning("an animated replay was not shown: %r", exc, extra={"game": row.id})
        except Exception:  # a bug: logged loudly, and the progress message says so
            log.exception("an animated replay failed", extra={"game": row.id})
            with contextlib.suppress(*DISCORD_FAILURES):
                await interaction.edit_original_response(
                    content=t("The animated replay could not be made. Please try again later.")
                )

    async def drawn(self) -> None:
        """Wait for the animations under way (tests; they run on threads, not virtual time)."""
        while tasks := [task for task in self._making.values() if task is not None]:
            await asyncio.gather(*tasks, return_exceptions=True)

    def cancel(self) -> None:
        """Animations under way stop (the bot closes): a later click makes them again."""
        for task in list(self._making.values()):
            if task is not None:
                task.cancel()

    # ------------------------------------------------------------------------- drawing

    def _screen(
        self, t: Translator, row: GameRow, at: int, side: int | None, page: int | None
    ) -> Screen:
        """On the render thread: the step's view and picture, and the select's page."""
        step = self.book.view(t, row, at, side)
        png = None
        if step.picture is not None:
            png = self.book.png(picture_key(row, t.lang, step.index, side), step.picture)
        pages = (step.count + PER_PAGE - 1) // PER_PAGE
        page = step.index // PER_PAGE if page is None else max(0, min(page, pages - 1))
        first = page * PER_PAGE
        options = tuple(
            (n, self.book.view(t, row, n).line.split("\n", 1)[0])
            for n in range(first, min(step.count, first + PER_PAGE))
        )
        name = step.picture.filename if step.picture is not None else "replay.png"
        return Screen(step, png, name, options, pages, page, side)

    def _frame(self, t: Translator, row: GameRow, at: int, side: int | None) -> bytes | None:
        """On the render thread: one step's picture (an animation's frame)."""
        step = self.book.view(t, row, at, side)
        if step.picture is None:
            return None
        return self.book.png(picture_key(row, t.lang, step.index, side), step.picture)

    def _head(self, t: Translator, row: GameRow, screen: Screen) -> str:
        game = f"{self.games[row.kind].info.title} #{row.id}"
        step = screen.step
        if step.index == 0:
            where = t("the start")
        elif step.index == step.count - 1:
            where = t("the end")
        else:
            where = t("step {n} of {count}", n=step.index, count=step.count - 1)
        return "🎬 " + t("**{game}** replay: {where}", game=game, where=where)

    def _fields(self, t: Translator, row: GameRow, screen: Screen) -> dict[str, Any]:
        content = _cut(f"{self._head(t, row, screen)}\n{screen.step.line}")
        files = [_file(screen)] if screen.png is not None else []
        return {
            "content": content,
            "attachments": files,
            "view": self._controls(t, row, screen),
            "allowed_mentions": NO_MENTIONS,
        }

    def _controls(self, t: Translator, row: GameRow, screen: Screen) -> discord.ui.View:
        step = screen.step
        at, last = step.index, step.count - 1
        side = screen.side
        view = discord.ui.View(timeout=None)

        def button(act: str, emoji: str, disabled: bool, label: str | None = None) -> None:
            view.add_item(
                ReplayItem(
                    discord.ui.Button(
                        emoji=emoji,
                        label=label,
                        disabled=disabled,
                        style=discord.ButtonStyle.secondary,
                        custom_id=replay_id(act, row.id, at, side),
                        row=0 if label is None else 3,
                    )
                )
            )

        button("first", "⏮", at == 0)
        button("prev", "◀", at == 0)
        button("next", "▶", at == last)
        button("last", "⏭", at == last)
        options = [
            discord.SelectOption(
                label=_step_label(t, n, last),
                value=str(n),
                description=_cut(unmark(line), 100) or None,  # no markdown in a select
                default=n == at,
            )
            for n, line in screen.options
        ]
        first = screen.options[0][0]
        if screen.page > 0:
            options.insert(
                0,
                discord.SelectOption(
                    label=t("Earlier steps"), value=f"g{screen.page - 1}", emoji="⬅️"
                ),
            )
        if screen.page < screen.pages - 1:
            options.append(
                discord.SelectOption(label=t("Later steps"), value=f"g{screen.page + 1}", emoji="➡️")
            )
        view.add_item(
            ReplayItem(
                discord.ui.Select(
                    placeholder=t(
                        "Go to a step ({first}–{last})", first=first, last=screen.options[-1][0]
                    ),
                    options=options,
                    custom_id=replay_id("pick", row.id, at, side, screen.page),
                    row=1,
                )
            )
        )
        seats = sides(self.games[row.kind], row)
        if seats:
            choices = [
                discord.SelectOption(
                    label=t("What everyone saw"), value="p", emoji="👁️", default=side is None
                )
            ]
            choices += [
                discord.SelectOption(
                    label=_cut(t("The side of {name}", name=text.player_name(t, row, s)), 100),
                    value=f"s{s}",
                    emoji=self.games[row.kind].info.seat_marks[s],
                    default=side == s,
                )
                for s in seats
            ]
            view.add_item(
                ReplayItem(
                    discord.ui.Select(
                        placeholder=t("Whose side to show"),
                        options=choices,
                        custom_id=replay_id("side", row.id, at, side),
                        row=2,
                    )
                )
            )
        button("post", "📢", False, t("Post in the channel"))
        button("gif", "🎞️", False, t("Animated replay"))
        view.stop()
        return view


def _step_label(t: Translator, n: int, last: int) -> str:
    if n == 0:
        return t("Start of the game")
    if n == last:
        return t("End (step {n})", n=n)
    return t("Step {n}", n=n)


def _number(value: str, below: int) -> int:
    """A select's value as a step or page number (a forged one is refused)."""
    if not value.isdigit() or not 0 <= int(value) < below:
        raise Refusal("That button is not valid for this turn.")
    return int(value)


def _gif(data: bytes, row: GameRow) -> discord.File:
    return discord.File(io.BytesIO(data), f"replay-{row.kind}-{row.id}.gif")


def _file(screen: Screen) -> discord.File:
    assert screen.png is not None
    return discord.File(io.BytesIO(screen.png), screen.filename)


def _cut(words: str, limit: int = MESSAGE_LIMIT) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"
