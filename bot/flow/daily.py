"""The daily challenge in Discord: ``/<group> daily`` and the buttons of a running attempt.

One solo game a day per game, the same for everyone (``DailyRules``), played through the game's
own adapter: its controls and pictures, shown only to the player (ephemeral messages whose
buttons carry the attempt and its version, so they keep working after a restart, and
``/<group> daily`` shows the running attempt again). When it ends, a share line that gives
nothing of the day away is posted in the channel with the server's board of the day and each
player's streak; the par is the hard computer's score on the same game, computed once a day
off the event loop. A day's attempts become ordinary finished games of their server once the
day is over (``DailyStore.publish``), so the replay viewer shows yesterday's games, never today's.
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from bot.contract.adapter import (
    Button,
    Click,
    Controls,
    GameAdapter,
    Row,
    Select,
    TurnView,
)
from bot.contract.daily import DailyRules
from bot.contract.models import GameRow, Player, Status
from bot.contract.refusals import Refusal
from bot.core.daily_words import BoardEntry, board_text, share_text, streak
from bot.core.failures import DISCORD_FAILURES
from bot.core.text import safe_name
from bot.flow import components, replies
from bot.flow.components import parsed
from bot.flow.replies import user_t
from bot.storage.daily import FINISHED, DailyAttempt, DailyStore
from locales import Translator

log = logging.getLogger(__name__)

PREFIX = "dy-"  # custom_id prefix of a daily attempt's controls: never a game's own code
STREAK_LOOKBACK_DAYS = 3660
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class DailyGame:
    """A game with a daily challenge: its adapter (controls, pictures, codec) and rules."""

    adapter: GameAdapter[Any]
    rules: DailyRules


TEMPLATE = PREFIX + components.TEMPLATE  # a game's controls, under the daily prefix


class DailyItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A running attempt's button or select: ``dy-<code>:<action>:<attempt>:v<version>:…``, the
    game's own controls under another prefix. Found again by its custom_id after a restart;
    ``dy-`` never starts a game's code, so a game's template never takes it."""

    def __init__(
        self,
        item: discord.ui.Item[Any],
        code: str,
        action: str,
        attempt_id: int,
        version: int | None,
        args: tuple[str, ...],
    ) -> None:
        super().__init__(item)
        self.code, self.action, self.attempt_id = code, action, attempt_id
        self.version, self.args = version, args

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> DailyItem:
        return cls(item, *parsed(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        item = self.item
        values = tuple(item.values) if isinstance(item, discord.ui.Select) else ()
        await interaction.client.daily.on_component(
            interaction, self.code, self.action, self.attempt_id, self.version, self.args, values
        )


def daily_view(code: str, attempt_id: int, version: int, controls: Controls) -> discord.ui.View:
    """Discord components for an attempt's controls (stopped and not stored, as a game's)."""
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(controls.rows):
        specs: tuple[Button | Select, ...] = (row,) if isinstance(row, Select) else row
        for spec in specs:
            cid = ":".join(
                (f"{PREFIX}{code}", spec.action, str(attempt_id), f"v{version}", *spec.args)
            )
            item: discord.ui.Item[Any]
            if isinstance(spec, Select):
                item = discord.ui.Select(
                    placeholder=spec.placeholder or None,
                    options=[
                        discord.SelectOption(
                            label=o.label,
                            value=o.value,
                            description=o.description,
                            default=o.default,
                            emoji=o.emoji,
                        )
                        for o in spec.options
                    ],
                    row=index,
                    custom_id=cid,
                )
            else:
                item = discord.ui.Button(
                    label=spec.label or None,
                    style=components.STYLES[spec.style],
                    disabled=spec.disabled,
                    emoji=spec.emoji,
                    row=index,
                    custom_id=cid,
                )
            view.add_item(item)
    view.stop()
    return view


def now() -> float:
    """POSIX seconds from discord.py's clock (virtual under SimCord)."""
    return discord.utils.utcnow().timestamp()


def utc_day(seconds: float) -> str:
    """The UTC date of a POSIX time, ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(seconds, UTC).date().isoformat()


class DailyChallenge:
    """Starts, shows, plays and ends daily attempts. ``render`` draws a picture off the event
    loop, ``public_t`` gives a server's public language, ``send`` posts in a channel (the
    bot's pacer), ``clock`` the POSIX time (virtual under SimCord; tests move it to another
    day)."""

    def __init__(
        self,
        store: DailyStore,
        games: Mapping[str, DailyGame],
        *,
        render: Callable[..., Awaitable[bytes]],
        public_t: Callable[[int], Awaitable[Translator]],
        send: Callable[..., Awaitable[Any]],
        clock: Callable[[], float] = now,
    ) -> None:
        self.store = store
        self.games = dict(games)
        self.by_code = {g.adapter.info.code: g for g in games.values()}
        self.render = render
        self.public_t = public_t
        self.send = send
        self.clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._pars: dict[tuple[str, str], int] = {}
        self._par_tasks: dict[tuple[str, str], asyncio.Task[int]] = {}

    def today(self) -> str:
        return utc_day(self.clock())

    # ----------------------------------------------------------------------------- par

    async def par(self, kind: str, day: str) -> int:
        """The hard computer's score on the day's game: computed once (off the event loop)
        and kept; a request while it is computed waits for the same computation."""
        key = (kind, day)
        if key in self._pars:
            return self._pars[key]
        task = self._par_tasks.get(key)
        if task is None:
            rules = self.games[kind].rules
            task = asyncio.ensure_future(asyncio.to_thread(_par_score, rules, day))
            self._par_tasks[key] = task
        try:
            score = await asyncio.shield(task)
        finally:
            if task.done():
                self._par_tasks.pop(key, None)
        self._pars[key] = score
        for old in [k for k in self._pars if k[1] < day]:  # only today's and later are asked
            del self._pars[old]
        return score

    # ------------------------------------------------------------------------- command

    async def open(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<group> daily``: start today's attempt, show the running one again, or, once
        played, the result with the server's board (and refuse a second attempt)."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game = self.games[kind]
        t = user_t(interaction)
        day = self.today()
        user = interaction.user
        attempt = await self.store.of_user(kind, day, user.id)
        if attempt is None:
            attempt = await self.store.start(
                interaction.guild_id,
                interaction.channel_id,
                kind,
                day,
                user.id,
                user.display_name,
                game.rules.game(day),
            )
            if attempt is None:  # another click started it first
                attempt = await self.store.of_user(kind, day, user.id)
            assert attempt is not None
        if attempt.guild_id != interaction.guild_id:
            raise Refusal(
                "You have already started today's {game} challenge in another server: there is "
                "one attempt a day, wherever it is played. The next challenge starts {when}.",
                game=game.adapter.info.title,
                when=self._next_day(day),
            )
        if attempt.finished:
            words = t(
                "You have played today's {game} challenge: there is one attempt a day. "
                "The next challenge starts {when}.",
                game=game.adapter.info.title,
                when=self._next_day(day),
            )
            words += "\n\n" + await self.results(t, attempt) + await self._yesterday(t, attempt)
            await replies.send_message(
                interaction, words, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
            return
        view = self._view(t, attempt)
        picture = await self._picture(view)
        await replies.send_message(
            interaction,
            self._content(t, attempt, view) + await self._yesterday(t, attempt),
            view=self._controls(attempt, view.controls),
            files=picture,
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    # -------------------------------------------------------------------------- clicks

    async def click(
        self,
        interaction: discord.Interaction,
        code: str,
        action: str,
        attempt_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...],
    ) -> None:
        """A click on a running attempt's controls (only its player sees them)."""
        assert interaction.guild_id is not None
        game = self.by_code.get(code)
        if game is None:
            raise Refusal("That button is not valid any more.")
        lock = self._locks.get(attempt_id)
        if lock is None:
            lock = self._locks[attempt_id] = asyncio.Lock()
        async with lock:  # one click of an attempt at a time (a lock lives while it is held)
            await self._click(interaction, game, action, attempt_id, version, args, values)

    async def _click(
        self,
        interaction: discord.Interaction,
        game: DailyGame,
        action: str,
        attempt_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...],
    ) -> None:
        assert interaction.guild_id is not None
        t = user_t(interaction)
        attempt = await self.store.get(interaction.guild_id, attempt_id)
        if attempt is None or attempt.kind != game.adapter.info.kind:
            raise Refusal("That challenge was not found.")
        if attempt.user_id != interaction.user.id:
            raise Refusal(
                "This is someone else's challenge: use `/{group} daily` for your own.",
                group=game.adapter.info.group,
            )
        if attempt.finished:
            raise Refusal(
                "This challenge is over: `/{group} daily` shows how it went.",
                group=game.adapter.info.group,
            )
        if attempt.day != self.today():
            raise Refusal(
                "That challenge was {day}'s: a challenge is played on its own day (UTC). "
                "`/{group} daily` starts today's.",
                day=attempt.day,
                group=game.adapter.info.group,
            )
        if action in game.rules.hidden:
            raise Refusal("That button is not valid any more.")
        row = _row(attempt)
        click = Click(action, args, values, version)
        game.adapter.check_click(row, 0, click)
        outcome = game.adapter.click(row, 0, click, t)
        if outcome.private is not None:
            await replies.send_message(interaction, outcome.private, ephemeral=True)
            return
        if outcome.action is not None:
            # the day's dice and bag: no other chance (an engine refusal changes nothing)
            game.adapter.apply(attempt.game, outcome.action, None)
            if game.adapter.finished(attempt.game):
                attempt.status = FINISHED
                attempt.score = game.rules.score(attempt.game)
            await self.store.save(attempt)
        if attempt.finished:
            await self._ended(interaction, t, attempt)
            return
        view = self._view(t, attempt, outcome.screen)
        picture = await self._picture(view)
        await replies.edit_message(
            interaction,
            content=self._content(t, attempt, view),
            view=self._controls(attempt, view.controls),
            attachments=picture,
            allowed_mentions=NO_MENTIONS,
        )

    async def _ended(
        self, interaction: discord.Interaction, t: Translator, attempt: DailyAttempt
    ) -> None:
        """The attempt is over: its final view for the player, the share line for everyone."""
        game = self.games[attempt.kind]
        final = game.adapter.final_view(t, _row(attempt))
        picture = await self._picture(final)
        await replies.edit_message(
            interaction,
            content=t(
                "📅 Your {game} challenge of {day} is over.",
                game=game.adapter.info.title,
                day=attempt.day,
            )
            + "\n"
            + final.content,
            view=None,
            attachments=picture,
            allowed_mentions=NO_MENTIONS,
        )
        text = await self.results(await self.public_t(attempt.guild_id), attempt)
        try:
            await self.send(interaction.channel, text, allowed_mentions=NO_MENTIONS)
        except DISCORD_FAILURES as exc:
            log.warning(
                "the daily share line was not posted: %r", exc, extra={"guild": attempt.guild_id}
            )
            await replies.send_message(
                interaction,
                t("Discord did not take the share line in this channel; here it is:")
                + "\n\n"
                + text,
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )

    # ---------------------------------------------------------------------- results

    async def share(self, t: Translator, attempt: DailyAttempt) -> str:
        game = self.games[attempt.kind]
        assert attempt.score is not None
        days = await self.store.days_played(
            attempt.guild_id, attempt.kind, [attempt.user_id], _since(attempt.day)
        )
        return share_text(
            t,
            game.adapter.info.title,
            attempt.day,
            attempt.name,
            attempt.score,
            await self.par(attempt.kind, attempt.day),
            streak(days[attempt.user_id], attempt.day),
            game.rules.marks(attempt.game),
            game.rules.per_row,
        )

    async def board(self, t: Translator, attempt: DailyAttempt) -> str:
        game = self.games[attempt.kind]
        played = await self.store.board(attempt.guild_id, attempt.kind, attempt.day)
        days = await self.store.days_played(
            attempt.guild_id, attempt.kind, [u for u, _, _ in played], _since(attempt.day)
        )
        entries = [
            BoardEntry(u, name, score, streak(days[u], attempt.day)) for u, name, score in played
        ]
        return board_text(
            t,
            game.adapter.info.title,
            attempt.day,
            entries,
            await self.par(attempt.kind, attempt.day),
        )

    async def _yesterday(self, t: Translator, attempt: DailyAttempt) -> str:
        """Where to watch yesterday's best attempt of this server: the days before today
        become stored games (once), which the replay viewer shows."""
        await self.store.publish(attempt.guild_id, attempt.kind, attempt.day)
        day = (datetime.fromisoformat(attempt.day) - timedelta(days=1)).date().isoformat()
        best = await self.store.yesterday(attempt.guild_id, attempt.kind, day)
        if best is None:
            return ""
        name, score, game_id = best
        return "\n" + t(
            "📺 Yesterday's best here: {name} with {score}. Watch it: `/{group} replay game:{id}`",
            name=safe_name(name),
            score=score,
            group=self.games[attempt.kind].adapter.info.group,
            id=game_id,
        )

    async def results(self, t: Translator, attempt: DailyAttempt) -> str:
        return await self.share(t, attempt) + "\n\n" + await self.board(t, attempt)

    # ---------------------------------------------------------------------- drawing

    def _view(self, t: Translator, attempt: DailyAttempt, screen: Any = None) -> TurnView:
        return self.games[attempt.kind].adapter.turn_view(t, _row(attempt), screen)

    def _content(self, t: Translator, attempt: DailyAttempt, view: TurnView) -> str:
        title = self.games[attempt.kind].adapter.info.title
        head = t(
            "📅 **{game} daily challenge {day}** · only you see this · "
            "`/{group} daily` shows it again",
            game=title,
            day=attempt.day,
            group=self.games[attempt.kind].adapter.info.group,
        )
        # the adapter names the game by number: an attempt is not one of the server's games
        words = view.content.replace(f"**{title} #{attempt.id}** · ", "")
        return f"{head}\n{words}"

    def _controls(self, attempt: DailyAttempt, controls: Controls | None) -> discord.ui.View | None:
        if controls is None:
            return None
        hidden = self.games[attempt.kind].rules.hidden
        rows: list[Row] = []
        for row in controls.rows:
            if isinstance(row, Select):
                rows.append(row)
            else:
                kept = tuple(b for b in row if b.action not in hidden)
                if kept:
                    rows.append(kept)
        code = self.games[attempt.kind].adapter.info.code
        return daily_view(code, attempt.id, _row(attempt).event_count, Controls(tuple(rows)))

    async def _picture(self, view: TurnView) -> list[discord.File]:
        picture = view.picture
        if picture is None:
            return []
        png = await self.render(picture.draw, *picture.args, **picture.kwargs)
        return [discord.File(io.BytesIO(png), picture.filename)]

    def _next_day(self, day: str) -> str:
        midnight = datetime.fromisoformat(day).replace(tzinfo=UTC) + timedelta(days=1)
        return f"<t:{int(midnight.timestamp())}:R>"


def _row(attempt: DailyAttempt) -> GameRow:
    """The attempt as the adapter reads a game: one person in seat 0, its whole log loaded."""
    return GameRow(
        id=attempt.id,
        guild_id=attempt.guild_id,
        channel_id=attempt.channel_id,
        host_id=attempt.user_id,
        kind=attempt.kind,
        status=Status.FINISHED if attempt.finished else Status.RUNNING,
        players=[Player(attempt.user_id, attempt.name)],
        game=attempt.game,
        saved_events=attempt.saved_events,
    )


def _par_score(rules: DailyRules, day: str) -> int:
    return rules.score(rules.par(day))


def _since(day: str) -> str:
    return (datetime.fromisoformat(day) - timedelta(days=STREAK_LOOKBACK_DAYS)).date().isoformat()
