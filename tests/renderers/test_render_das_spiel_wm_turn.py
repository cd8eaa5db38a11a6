"""The Würfelmarsch turn picture as the bot draws it (RULES.md §9.4): from the seat's own side,
the funnels a tip of the chosen die would complete marked, and the last action given by the
caller (the bot keeps only the log's tail, from which it could not be replayed)."""

from __future__ import annotations

from games.das_spiel import geometry as g
from games.das_spiel.wuerfelmarsch import Tip, WmState
from renderers.das_spiel import render_wuerfelmarsch, view
from renderers.das_spiel import theme as th
from renderers.das_spiel import wuerfelmarsch as wm_pictures
from tests.renderers.test_render_das_spiel import at, colours_near, image
from tests.renderers.test_render_das_spiel_wm_ein import NAMES, sample_game


def funnel_edge(q: int, side: int = g.X) -> tuple[int, int]:
    """The middle of the top edge of the triangle marking funnel ``q``."""
    x, y = view.centre(q, side)
    return x, y - wm_pictures.FUNNEL_MARK // 2


def test_the_funnels_a_tip_would_complete_are_marked() -> None:
    """Sample after three events: X's 0H2 tipping forward-right to 0G2 completes 1F1."""
    game = sample_game(3)
    die = at("0H2")
    completes = game.state.copy().apply(Tip(0, die, at("0G2"))).funnels
    assert [f.funnel for f in completes] == [at("1F1")]
    plain = image(render_wuerfelmarsch(game, NAMES, choosable=[die], moves_from=g.BIT[die]))
    marked = image(
        render_wuerfelmarsch(
            game, NAMES, choosable=[die], moves_from=g.BIT[die], funnels=[at("1F1")]
        )
    )
    assert th.LABEL_RING in colours_near(marked, funnel_edge(at("1F1")), 3)
    assert th.LABEL_RING not in colours_near(plain, funnel_edge(at("1F1")), 3)
    assert th.LABEL_RING not in colours_near(marked, funnel_edge(at("1E1")), 3)


def test_drawn_from_the_seat_s_own_side() -> None:
    """The chosen die's label sits where the die is in that side's view, and nowhere else."""
    game = sample_game(3)
    die = at("0H2")
    label = {th.LABEL_BG, th.LABEL_TEXT, th.LABEL_RING}
    for side in g.AXES:
        img = image(render_wuerfelmarsch(game, NAMES, choosable=[die], side=side))
        for other in g.AXES:
            x, y = view.centre(die, other)
            near = colours_near(img, (x, y - wm_pictures.LABEL_LIFT), 4)
            assert bool(near & label) == (other == side), (side, other)


def test_a_given_last_action_replaces_the_replay() -> None:
    """``last=`` draws the same as the replay when it is the same; ``None`` draws none."""
    game = sample_game(4)  # event 3 captures 0F1 0G1
    before = WmState(game.state.start_seat, game.state.quiet_turns)
    for action in game.log[:-1]:
        before.apply(action)
    owners = before.owners()
    last = wm_pictures.last_of(0, owners, before.apply(game.log[-1]))
    assert last == wm_pictures.last_action(game)
    tail = sample_game(4)
    tail.log = tail.log[-1:]  # what the bot keeps: the replay would start from the set-up
    given = render_wuerfelmarsch(tail, NAMES, choosable=[], last=last)
    assert given == render_wuerfelmarsch(game, NAMES, choosable=[])
    none = image(render_wuerfelmarsch(game, NAMES, choosable=[], last=None))
    assert th.LAST_RING not in colours_near(none, view.centre(at("0F1")), 20)
