"""Rummy 500's agreement benchmark (``trust rummy500``) and the draw and discard rules it
checks.

The simulated players' draw (``strategies.choose_draw``) and discard
(``strategies.choose_discard``) decide what the opponents do in every Rummy 500 answer.
The benchmark compares them with the ``take`` and ``discard`` questions asked from that
seat; the positions below are ones where the rules before their refits (a card taken
alone weighed as deadwood, ``-value + keep``; deep takes with every deadwood point
counted in full; the highest card thrown) disagreed clearly with the question, each
pinned with the rule's choice now and, for some, the question's verdict.
"""

import pytest

from analyzer.games.rummy500 import questions as Q
from analyzer.games.rummy500.strategies import DRAW_STOCK
from analyzer.games.rummy500.deck import card_text
from analyzer.games.rummy500.trust import decisions, position_discard, position_draw

# the rule before the refit, as strategy parameters (the alone term -1 a point, +5 with a
# partner; the deep take's deadwood at 1 a point, no margin)
BEFORE = "holder:junk=1:margin=0:tval=-1:tcost=0:tpartner=5:tjoker=0"

POSITIONS = [
    # A♥ on the pile pairs his A♦: a high card is worth holding (melded it scores 15,
    # held it can still be thrown later); the old rule counted it as 15 of deadwood
    (dict(hand="2S 3S KC AD 4D 2H KH", pile="JC AH", held="7,7,7"), 1, DRAW_STOCK),
    # 2♦ pairs his 3♦, but a low card alone is not worth a draw: the old rule took it
    # (-2 + 5 for the partner), which is why a thrown low card looked safe to throw
    (dict(hand="KS 7S 4H 9C 3D JC 8S", pile="3C 8D 2D", held="7,7,7"), DRAW_STOCK, 2),
    # the pile from J♦ makes 10♦ J♦ Q♦ and adds Q♥ to his queens; A♠ 8♣ 8♥ come with it,
    # counted in full by the old rule (-31 against +30 melded)
    (dict(hand="QS 7C QC 7D QD 5H 6H", pile="JD 8C 8H AS QH TD", table="9S 9H 9C", held="7,7,6"), 0, DRAW_STOCK),
    # one card from going out (three nines, joker and two tens; the 4♣ to throw): a card
    # taken alone could not be thrown this turn, so the ace stays on the pile
    (dict(hand="JK 9S TS 4C 9C 9D TD", pile="AC", table="5C 6C 7C", held="7,7,5"), DRAW_STOCK, DRAW_STOCK),
]


# the discard rule before its refit: the highest value goes, less 5 for a partner in hand
# and 8 for a card the table or the pile could use
DISCARD_BEFORE = "holder:dvalue=1:dace=0:keep=5:feed=8:dpair=0:drun=0"

DISCARDS = [
    # benchmark positions where the old rule threw an ace (the highest value) and the
    # discard question put that throw about 20 points behind its best; the rule now keeps
    # the pair (A♣ taken, A♦) or the high cards and throws a low loose card
    (dict(hand="AC AD 5D 6D 7D TD 3H 8H", pile="7C", table="JS JH JD; KS KD KC; TS TH TC; 6S 7S 8S 9S",
          held="5,4,5", taken="AC"), "3H", "AD"),
    (dict(hand="AD 9D JD AH 2H TH JH KH", pile="7C 6S TS", held="7,7,7", taken="AH"), "9D", "AD"),
    (dict(hand="2S 4S AC QC AD 8D 9H QH", pile="3C KD", held="7,7,7", taken="AD"), "8D", "AC"),
]


@pytest.mark.parametrize("pos, now, before", DISCARDS)
def test_the_discard_rule_on_positions_where_it_disagreed(pos, now, before):
    assert card_text(position_discard(**pos)) == now
    assert card_text(position_discard(**pos, strategy=DISCARD_BEFORE)) == before


def test_the_discard_question_puts_the_rule_now_far_ahead_of_the_rule_before():
    pos, now, before = DISCARDS[0]
    t = Q.discard(**pos, deals=4000, seed=1, threads=1).table.set_index("card")
    # each margin's standard error is under a point at 4,000 deals
    assert t.loc[now, "mean_margin"] - t.loc[before, "mean_margin"] > 10
    assert t["mean_margin"].max() - t.loc[now, "mean_margin"] < 3


@pytest.mark.parametrize("pos, now, before", POSITIONS)
def test_the_draw_rule_on_positions_where_it_disagreed(pos, now, before):
    assert position_draw(**pos) == now
    assert position_draw(**pos, strategy=BEFORE) == before


@pytest.mark.parametrize("i", [0, 1])
def test_the_take_question_agrees_with_the_rule_there(i):
    pos, now, before = POSITIONS[i]
    a = Q.take(**pos, deals=4000, seed=1, threads=1)
    t = a.table
    chosen = t[(t["kind"] == "stock")] if now == DRAW_STOCK else t[t["depth"] == now]
    assert a.best == chosen["action"].iloc[0]
    assert not a.meta["tie"] and a.meta["lo"] > 0          # clearly, on the same deals


def test_decisions_are_positions_from_self_play_and_depend_on_the_seed_only():
    a, b = decisions(12, 5), decisions(12, 5)
    assert [d.label for d in a] == [d.label for d in b] and [d.fast for d in a] == [d.fast for d in b]
    assert [d.label for d in decisions(12, 6)] != [d.label for d in a]
    kinds = [d.kind for d in a]
    assert kinds[0] == "take" and "discard" in kinds and set(kinds) == {"take", "discard"}
    for prev, d in zip([None] + a, a):
        if d.kind == "take":
            # the rule's draw is one the question offers
            assert d.fast == DRAW_STOCK or 0 <= d.fast < len(d.kwargs["pile"].split())
            assert position_draw(**d.kwargs) == d.fast
            continue
        # a discard follows its position's draw: the same seat, its hand after the draw and melds
        assert prev.kind == "take" and prev.kwargs["held"] == d.kwargs["held"]
        options = {o["value"] for o in Q.discard_options(Q.parse_position(**{k: d.kwargs[k] for k in
                                                                             ("hand", "pile", "table", "players",
                                                                              "held")},
                                                                          scores=None, strategy=None, rules=None,
                                                                          question="discard"),
                                                         d.kwargs.get("taken"))}
        assert d.fast in options                 # a card he may throw (not the one taken alone)


def test_discard_features_by_hand():
    """5♥ 6♥ 8♥ K♣ K♦ 2♠: K♣ has a pair (K♦) and no run neighbour; 6♥ has 5♥ and 8♥ within
    two; 2♠ has neither (and A♠ is not held)."""
    import numpy as np

    from analyzer.games.rummy500.deck import parse_bit
    from analyzer.games.rummy500.melds import MAX_MELDS, T_COLS, held_mask
    from analyzer.games.rummy500.rules import values_table
    from analyzer.games.rummy500.strategies import F_FEED, F_PAIRS, F_PARTNER, F_RUN, discard_features

    hand = np.zeros(64, np.int64)
    for token in "5H 6H 8H KC KD 2S".split():
        hand[parse_bit(token)] += 1
    tab = np.zeros((MAX_MELDS, T_COLS), np.int64)       # no melds on the table
    pile = np.zeros(64, np.int64)
    vals = values_table()

    def f(card):
        return discard_features(hand, parse_bit(card), tab, np.int64(0), held_mask(pile), np.int64(0), vals)

    assert f("KC")[F_PAIRS] == 1 and f("KC")[F_RUN] == 0 and f("KC")[F_PARTNER] == 1
    assert f("6H")[F_RUN] == 2 and f("6H")[F_PAIRS] == 0 and f("6H")[F_PARTNER] == 1
    assert f("2S")[F_RUN] == 0 and f("2S")[F_PAIRS] == 0 and f("2S")[F_PARTNER] == 0 and f("2S")[F_FEED] == 0


def test_the_discard_fit_climbs_towards_the_better_card_and_keeps_held_weights():
    """Made-up positions where throwing the higher card always pays: the ascent raises the
    value weight; held weights do not move."""
    import importlib.util
    from pathlib import Path

    import numpy as np

    spec = importlib.util.spec_from_file_location(
        "fit_discards", Path(__file__).resolve().parent.parent / "scripts" / "fit_discards.py")
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    from scripts.fitting import ascend

    # rows: -partner, -feed, -pairs, -near, value, ace; the higher value wins 5 points
    data = [(np.array([[0, 0, 0, 0, v, 0], [0, 0, 0, 0, v + 3, 0]], float), np.array([0.0, 5.0]), 5.0)
            for v in (2, 5, 8)]
    w0 = np.zeros(len(fit.NAMES))
    w = ascend(fit.grad_fn(data, 1.0), w0, 50)
    assert w[fit.NAMES.index("dvalue")] > 0
    lost, _, share = fit.check(data, w)
    assert lost == 0 and share == 1
    held = [fit.NAMES.index("dvalue")]
    assert ascend(fit.grad_fn(data, 1.0, held), w0, 50)[held[0]] == 0
