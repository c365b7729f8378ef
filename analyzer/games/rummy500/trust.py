"""Rummy 500: the agreement benchmark's decisions (``sim.trust``).

The decisions are the draws the simulated players make inside every Rummy 500 answer:
self-play hands (every seat the position questions' strategy, ``holder``), stopped at a
turn drawn uniformly; the player to move holds a hand and faces the pile.  The fast
choice is the strategy's own draw (``strategies.choose_draw``, what the next player does
in a ``take`` or ``discard`` answer); the strong one is the ``take`` question asked from
that seat (each draw played out to the end of the hand on the same deals, then the best
margin).  So the benchmark measures the opponents' rule, not an answer's.
"""

from __future__ import annotations

import numpy as np

from ...errors import InputError
from ...sim.trust import Bench, Decision, decision_seed

STRONG_DEALS = 4_000
MAX_STOP = 24            # the turn the hand is stopped at: 1 to this (hands end sooner are dealt again)


def _position(players: int, rng: np.random.Generator):
    """One self-play position (a play.Board stopped before a draw) and who is to draw,
    or None when the hand ended first."""
    from . import play as P
    from .questions import DEFAULT_POSITION_STRATEGY
    from .rules import Options
    from .strategies import parse_strategy

    options = Options()
    deck = options.deck(players)
    _, params = parse_strategy(DEFAULT_POSITION_STRATEGY)
    board = P.Board()
    kinds = np.zeros(players, np.int64)
    sp = np.tile(params, (players, 1))
    vals = options.values_table()
    board.rng[0] = np.uint64(rng.integers(1, 2**63))
    P.deal(deck.cards(), np.int64(players), np.int64(options.hand_size(players)), np.int64(options.flags),
           board.hands, board.nheld, board.stock, board.pile, board.pile_cnt, board.tab, board.pts, board.sv,
           board.rng)
    first = int(rng.integers(players))
    P.run(board, first, kinds, sp, vals, stop=int(rng.integers(1, MAX_STOP + 1)),
          seed_state=int(rng.integers(1, 2**63)))
    sv = board.sv
    if sv[P.SV_END] != P.END_NONE or sv[P.SV_NSTOCK] == 0 or board.nheld[int(sv[P.SV_NEXT])] == 0:
        return None
    return board, int(sv[P.SV_NEXT]), (options, sp, vals)


def _cards(counts) -> str:
    from .deck import card_text
    return " ".join(card_text(b) for b in range(64) for _ in range(int(counts[b])))


def fast_draw(board, p: int, setup) -> int:
    """The strategy's draw for seat ``p`` on ``board``: a pile depth or DRAW_STOCK."""
    from . import play as P
    from .melds import MAX_ROWS
    from .strategies import choose_draw

    options, sp, vals = setup
    sv = board.sv
    rng = np.ones(1, np.uint64)
    choice, _ = choose_draw(np.int64(p), board.hands, board.nheld, board.pile, sv[P.SV_NPILE], sv[P.SV_NSTOCK],
                            board.tab, sv[P.SV_NTAB], vals, np.int64(options.flags), sp, rng, *board.ws, board.rows0,
                            board.rows[MAX_ROWS:], board.res, board.tmp[0], board.opts, np.int64(-1))
    return int(choice)


def position_draw(hand: str, pile: str, table: str | None = None, players: int = 4, held=None,
                  strategy: str | None = None) -> int:
    """The draw the strategy (default: the position questions') makes at a position given
    as the ``take`` question's arguments: a pile depth or DRAW_STOCK."""
    from . import play as P
    from .questions import _base_board, parse_position

    pos = parse_position(hand, pile, table, players, held, None, strategy, None, "take")
    board = _base_board(pos)
    board.sv[P.SV_NSTOCK] = pos.stock          # the stock's cards are not read, only its size
    sp = np.tile(pos.params, (players, 1))
    return fast_draw(board, 0, (pos.options, sp, pos.options.values_table()))


def decisions(n: int, seed: int, players: int = 4) -> list[Decision]:
    """``n`` draw decisions from the self-play hands of ``seed``."""
    from . import play as P
    from .melds import format_table

    rng = decision_seed(seed, 0x500)
    out: list[Decision] = []
    while len(out) < n:
        got = _position(players, rng)
        if got is None:
            continue
        board, p, setup = got
        sv = board.sv
        hand = _cards(board.hands[p])
        pile = " ".join(_cards(np.bincount([b], minlength=64)) for b in board.pile[:int(sv[P.SV_NPILE])])
        table = "; ".join(format_table(board.tab, int(sv[P.SV_NTAB])))
        held = ",".join(str(int(board.nheld[(p + k) % players])) for k in range(1, players))
        kw = {"hand": hand, "pile": pile, "table": table, "players": players, "held": held}
        label = f"take {hand} / pile {pile}" + (f" / table {table}" if table else "") + f" / held {held}"
        out.append(Decision("take", kw, label, fast=fast_draw(board, p, setup)))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import take
    return take(**d.kwargs, deals=deals, seed=seed, threads=threads)


def _key(table):
    return table["action"]


def _fast_key(d: Decision, table) -> str:
    """The row of the strong answer's table that is the strategy's draw."""
    from .strategies import DRAW_STOCK
    want = "stock" if d.fast == DRAW_STOCK else None
    for r in table.itertuples():
        if (want and r.kind == want) or (not want and r.kind == "pile" and int(r.depth) == d.fast):
            return str(r.action)
    raise InputError(f"the strategy's draw {d.fast} is not an option of {d.label}")


def bench(n: int = 200, seed: int = 0, players: int = 4, strong_deals: int | None = None) -> Bench:
    return Bench("rummy500", "simulation", 0, strong_deals or STRONG_DEALS, decisions(n, seed, players), _ask, _key,
                 value="mean_margin", se="margin_se", fast=_fast_key,
                 notes=[f"Rummy 500, {players} players: the fast choice is the simulated players' draw rule "
                        "(the holder strategy's, as the opponents in every answer draw); the strong one the take "
                        "question asked from that seat (each draw played out to the end of the hand on the same "
                        "deals, the best margin over the best opponent)"])
