"""``tricks.engine.shown_out``: what a played card shows a player cannot hold, checked
against the legal-move rule itself on random hands of every Pinochle duty option."""

import numpy as np
import pytest

from analyzer.games.pinochle.rules import Options, rule_tables
from analyzer.tricks.engine import beats, legal_follow_lead, shown_out


def _bits(m):
    return [1 << b for b in range(64) if (int(m) >> b) & 1]


@pytest.mark.parametrize("rules", [[], ["head=led_card"], ["head=none"], ["overtrump=trump_led"]])
def test_shown_out_is_exactly_what_the_duties_forbid(rules):
    tables = rule_tables(Options.parse(rules))
    rng = np.random.default_rng(7)
    checked = forbidding = 0
    for _ in range(1500):
        r = tables[int(rng.integers(4))]
        deck = _bits(_deck(r))
        order = rng.permutation(len(deck))
        cards = [deck[i] for i in order]
        # a trick in progress: 1..3 cards already played, then the player's hand
        k = int(rng.integers(1, 4))
        played, hand = cards[:k], cards[k:k + int(rng.integers(1, 9))]
        lead = np.uint64(played[0])
        led = _suit(r, lead)
        best = lead
        for c in played[1:]:
            if beats(r, np.uint64(c), best, led):
                best = np.uint64(c)
        h = np.uint64(sum(hand))
        legal = legal_follow_lead(r, h, np.int64(led), best, lead)
        rest = [c for c in deck if c not in hand and c not in played]
        for card in _bits(legal):
            out = int(shown_out(r, np.uint64(card), np.int64(led), best, lead))
            assert out & int(h) == 0, "a card the player holds is shown out"
            for x in rest:
                bigger = legal_follow_lead(r, np.uint64(int(h) | x), np.int64(led), best, lead)
                allowed = (int(bigger) & card) != 0
                assert allowed == (not out & x), (rules, hex(card), hex(x))
                checked += 1
                forbidding += not allowed
    assert forbidding > 1000 and checked > forbidding     # both kinds of card were met


def _deck(r):
    from analyzer.tricks.tables import R_DECK
    return r[R_DECK]


def _suit(r, card):
    from analyzer.tricks.engine import suit_of
    return int(suit_of(r, card))
