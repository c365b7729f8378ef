"""Rummy 500: the agreement benchmark's decisions (``sim.trust``).

The decisions are the draws and the discards the simulated players make inside every
Rummy 500 answer: self-play hands (every seat the position questions' strategy,
``holder``), stopped at a turn drawn uniformly; the player to move holds a hand and faces
the pile.  Each position gives two decisions: his draw, then (the draw and his melds
carried out by the strategy) his discard.  The fast choice is the strategy's own
(``strategies.choose_draw`` and ``choose_discard``, what the other players do in a
``take`` or ``discard`` answer); the strong one is the ``take`` or ``discard`` question
asked from that seat (each option played out to the end of the hand on the same deals,
then the best margin).  So the benchmark measures the opponents' rules, not an answer's.
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


def position_discard(hand: str, pile: str, table: str | None = None, players: int = 4, held=None,
                     taken: str | None = None, strategy: str | None = None) -> int:
    """The card (a bit) the strategy (default: the position questions') throws at a position
    given as the ``discard`` question's arguments, no melds held back in hand."""
    from .questions import discard_options, parse_position
    from .strategies import choose_discard

    pos = parse_position(hand, pile, table, players, held, None, strategy, None, "discard")
    forbidden = -1
    if taken:
        discard_options(pos, taken)              # checks it
        forbidden = pos.deck.parse(taken, "--taken")[0]
    counts = np.bincount(np.array(pos.hand, np.int64), minlength=64).astype(np.int64)
    pile_cnt = np.bincount(np.array(pos.pile, np.int64), minlength=64).astype(np.int64)
    sp = np.tile(pos.params, (players, 1))
    return int(choose_discard(np.int64(0), counts, np.int64(forbidden), np.zeros(64, np.int64), pos.tab,
                              np.int64(pos.ntab), pile_cnt, pos.options.values_table(), sp, np.ones(1, np.uint64)))


def _copy(board):
    """A board with the same hand in play (fresh workspace)."""
    from . import play as P
    out = P.Board()
    for name in ("hands", "nheld", "stock", "pile", "pile_cnt", "tab", "pts", "sv"):
        getattr(out, name)[...] = getattr(board, name)
    return out


def _decision(kind: str, board, p: int, players: int, fast: int, pile_bits, taken: str | None = None) -> Decision:
    """The ``take`` or ``discard`` question for seat ``p`` of ``board`` (its hand, table and
    the opponents' counts; ``pile_bits`` the pile he faces)."""
    from . import play as P
    from .melds import format_table

    hand = _cards(board.hands[p])
    pile = " ".join(_cards(np.bincount([b], minlength=64)) for b in pile_bits)
    table = "; ".join(format_table(board.tab, int(board.sv[P.SV_NTAB])))
    held = ",".join(str(int(board.nheld[(p + k) % players])) for k in range(1, players))
    kw = {"hand": hand, "pile": pile, "table": table, "players": players, "held": held}
    if taken:
        kw["taken"] = taken
    label = (f"{kind} {hand} / pile {pile}" + (f" / table {table}" if table else "") + f" / held {held}"
             + (f" / taken {taken}" if taken else ""))
    return Decision(kind, kw, label, fast=fast)


def discard_position(board, p: int, players: int, draw: int, setup, rng):
    """Seat ``p``'s discard after ``draw`` and his melds, both by the strategy: the
    ``discard`` Decision and the counts of the cards he keeps in melds (which the strategy
    throws only when nothing else may go); None when the turn ends the hand (he went out
    or melded every card)."""
    from . import play as P
    from .deck import card_text

    options, sp, vals = setup
    turn = _copy(board)
    kinds = np.zeros(players, np.int64)
    P.run(turn, p, kinds, sp, vals, forced=draw, stop=int(board.sv[P.SV_TURNS]) + 1,
          seed_state=int(rng.integers(1, 2**63)))
    sv = turn.sv
    n = int(sv[P.SV_NPILE])
    if sv[P.SV_END] != P.END_NONE or turn.nheld[p] == 0 or n == 0:
        return None
    thrown = int(turn.pile[n - 1])
    turn.hands[p, thrown] += 1                    # the hand before his discard
    turn.nheld[p] += 1
    kept = turn.tmp[2].copy()                    # (_meld_and_discard's)
    taken = None
    drawn = int(sv[P.SV_DRAWN])
    if sv[P.SV_TAKE_DEPTH] >= 0 and drawn >= 0 and turn.hands[p, drawn] > 0:
        taken = card_text(drawn)                 # the card taken alone from the pile may not go back
    return _decision("discard", turn, p, players, thrown, turn.pile[:n - 1], taken), kept


def positions(seed: int, players: int = 4):
    """Self-play positions of ``seed`` for ever: (board, seat to draw, setup, the
    strategy's draw, rng)."""
    rng = decision_seed(seed, 0x500)
    while True:
        got = _position(players, rng)
        if got is None:
            continue
        board, p, setup = got
        yield board, p, setup, fast_draw(board, p, setup), rng


def decisions(n: int, seed: int, players: int = 4) -> list[Decision]:
    """``n`` decisions from the self-play hands of ``seed``: a position's draw, then its
    discard."""
    from . import play as P

    out: list[Decision] = []
    for board, p, setup, draw, rng in positions(seed, players):
        if len(out) >= n:
            break
        out.append(_decision("take", board, p, players, draw, board.pile[:int(board.sv[P.SV_NPILE])]))
        got = discard_position(board, p, players, draw, setup, rng)
        if got is not None and len(out) < n:
            out.append(got[0])
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from .questions import discard, take
    return (take if d.kind == "take" else discard)(**d.kwargs, deals=deals, seed=seed, threads=threads)


def _key(table):
    return table["action"]


def _fast_key(d: Decision, table) -> str:
    """The row of the strong answer's table that is the strategy's draw or discard."""
    from .deck import card_text
    from .strategies import DRAW_STOCK
    if d.kind == "discard":
        want = card_text(d.fast)
        for r in table.itertuples():
            if r.card == want:
                return str(r.action)
        raise InputError(f"the strategy's discard {want} is not an option of {d.label}")
    want = "stock" if d.fast == DRAW_STOCK else None
    for r in table.itertuples():
        if (want and r.kind == want) or (not want and r.kind == "pile" and int(r.depth) == d.fast):
            return str(r.action)
    raise InputError(f"the strategy's draw {d.fast} is not an option of {d.label}")


def bench(n: int = 200, seed: int = 0, players: int = 4, strong_deals: int | None = None) -> Bench:
    return Bench("rummy500", "simulation", 0, strong_deals or STRONG_DEALS, decisions(n, seed, players), _ask, _key,
                 value="mean_margin", se="margin_se", fast=_fast_key,
                 notes=[f"Rummy 500, {players} players: the fast choice is the simulated players' draw or discard "
                        "rule (the holder strategy's, as the opponents in every answer play); the strong one the "
                        "take or discard question asked from that seat (each option played out to the end of the "
                        "hand on the same deals, the best margin over the best opponent)"])
