"""Euchre: the agreement benchmark's decisions (``sim.trust``).

Random deals, the dealer drawn, the whole auction by the bidding policy; the decision is
one bidding turn, asked by that seat with its position and the upcard.  The turns are
taken in a fixed rotation -- round one (``order``) and round two (``call``, the upcard
turned down) alternately, the seats in turn within each -- each from the next deal whose
auction reached it: left to the deals' own frequency, fewer than one decision in ten would
be a call and the later seats' calls would hardly be seen (the figures are then per kind
and seat, not a mix in the deals' proportions).  A joker turned up (the dealer names
trump) is dealt again.
"""

from __future__ import annotations

import numpy as np

from ...cards import JOKER
from ...sim.trust import Bench, Decision, decision_seed

FAST_DEALS = 20_000
STRONG_DEALS = 1_000


def decisions(n: int, seed: int, players: int = 4, deck: int = 24) -> list[Decision]:
    """``n`` decisions from the self-play deals of ``seed``."""
    from .bidding import DEFAULT_POLICY
    from .deck import HAND_SIZE, nat_bit, nat_mask
    from .play import auction
    from .questions import flags_of
    from .rules import Options

    options = Options.make(players, deck)
    d = options.deck_obj
    rng = decision_seed(seed, 0xE0C)
    flags = np.int64(flags_of(options))
    out: list[Decision] = []
    while len(out) < n:
        ids = rng.permutation(d.size)
        up_id = int(ids[0])
        if d.codes[up_id] == JOKER:
            continue
        hands = [sorted(int(c) for c in ids[1 + HAND_SIZE * p:1 + HAND_SIZE * (p + 1)]) for p in range(players)]
        dealer = int(rng.integers(players))
        masks = np.array([nat_mask(d, h) for h in hands], np.uint64)
        maker, _, _, rnd = auction(masks, np.int64(players), np.int64(dealer), np.uint64(1 << nat_bit(d.codes[up_id])),
                                   np.int64(0), np.int64(2 * players), np.int64(-2), np.int64(0), flags,
                                   DEFAULT_POLICY)
        last = 2 * players - 1 if maker < 0 else (rnd - 1) * players + (maker - dealer - 1) % players
        i = len(out)
        k = (players if i % 2 else 0) + (i // 2) % players      # the turn wanted: round, then seat in turn
        if k > last:
            continue                     # this auction ended before that turn
        p = (dealer + 1 + k) % players
        pos = (p - dealer - 1) % players + 1
        kw = {"hand": d.format_cards(hands[p]), "seat": pos, "players": players, "deck": deck}
        if k < players:
            kw["upcard"] = d.format(up_id)
            out.append(Decision("order", kw, f"order {kw['hand']} / {kw['upcard']} seat {pos}"))
        else:
            kw["turned_down"] = d.format(up_id)
            out.append(Decision("call", kw, f"call {kw['hand']} / {kw['turned_down']} down, seat {pos}"))
    return out


def _ask(d: Decision, play, deals, seed, worlds, threads):
    from . import questions
    return getattr(questions, d.kind)(**d.kwargs, deals=deals, seed=seed, play=play, worlds=worlds,
                                      threads=threads)


def _key(table):
    # the action: the question lists one discard per action (its run's best), so the
    # dealer's discard is not compared
    return table["action"]


def bench(n: int = 200, seed: int = 0, players: int = 4, fast_deals: int | None = None,
          strong_deals: int | None = None) -> Bench:
    return Bench("euchre", "pimc", fast_deals or FAST_DEALS, strong_deals or STRONG_DEALS,
                 decisions(n, seed, players), _ask, _key,
                 notes=[f"Euchre, {players} players: each decision answered by the heuristic players and by "
                        "single-dummy play (pimc) at every seat, on the question's own deals"])
