"""The heuristic players are much stronger than random legal play.

``mixed_play_out`` is ``play.play_out``'s loop for suit contracts with a switch per
seat: a seat in ``random_seats`` plays a uniformly random legal card from a seeded
counter-based stream, the others call the play-out's own decision (``heuristic_move``).  With no random seat it must reproduce ``play_out`` exactly
(checked below), so the comparison is against the real heuristic.
"""

import numpy as np
from numba import njit

from analyzer.bits import ZERO, low_bit, low_index, popcount
from analyzer.games.five_hundred import play
from analyzer.games.five_hundred.deck import DECK, N_TRICKS
from analyzer.games.five_hundred.questions import BYTE_TABLES
from analyzer.sim.deal import deal_batch
from analyzer.sim.rng import bounded, next_u64, seed_key, stream_key
from analyzer.games.five_hundred.rules import SIDES_OPPOSITE
from analyzer.tricks.engine import beats, legal_follow, suit_of
from analyzer.tricks.tables import R_SUIT
from tests.conftest import kernel_rules

HEARTS = 3
HAND = "JD KH QH 9H 7H 5H AS QS 6C 8D"  # a good hearts hand for seat 0: bid 7H
N_DEALS = 4000


@njit(cache=True, inline="always")
def _random_card(cards, state):
    """A uniformly random card of ``cards``; returns (card, new state)."""
    state, bits = next_u64(state)
    k = bounded(bits & np.uint64(0xFFFFFFFF), popcount(cards))
    for _ in range(k):
        cards &= cards - np.uint64(1)
    return low_bit(cards), state


@njit(cache=True)
def mixed_play_out(rules, hands, contractor, discards, random_seats, state, trace):
    """Suit contracts, four players; seats whose bit is set in ``random_seats`` play at
    random, the others play ``play.heuristic_move`` (the play-out's own decision)."""
    trace[:, :] = -1
    active, side = play.table_seats(rules, hands, 4, SIDES_OPPOSITE, contractor, discards, False)
    played = ZERO
    voids = 0  # 4 bits a seat, as in play.play_out_table
    suits_led = 0
    leader = contractor
    taken = 0
    row = 0
    for t in range(N_TRICKS):
        seat = leader
        best = ZERO
        winner = leader
        led = 0
        for pos in range(4):
            hand = hands[seat]
            if (random_seats >> seat) & 1:
                card, state = _random_card(hand if pos == 0 else legal_follow(rules, hand, led, best), state)
                if pos == 0:
                    led = suit_of(rules, card)
            else:
                card, led = play.heuristic_move(rules, hands, 4, side, seat, pos, t, contractor, discards,
                                                False, False, active, 4, played, voids, suits_led, leader,
                                                led, best, winner)
            if pos == 0:
                suits_led |= 1 << led
                best = card
                winner = seat
            else:
                if not (hand & rules[R_SUIT + led]):
                    voids |= 1 << (4 * seat + led)
                if beats(rules, card, best, led):
                    best = card
                    winner = seat
            hands[seat] = hand & ~card
            played |= card
            trace[row, 0] = t
            trace[row, 1] = seat
            trace[row, 2] = low_index(card)
            trace[row, 3] = led
            row += 1
            seat = (seat + 1) % 4
        if (side >> winner) & 1:
            taken += 1
        leader = winner
    return taken


@njit(cache=True)
def _tricks_batch(deals, rules, byte_table, random_seats, key, use_play_out, out, traces):
    hands = np.empty(4, np.uint64)
    for i in range(deals.shape[0]):
        for s in range(4):
            hands[s] = play.relabel(deals[i, 1 + s], byte_table)
        kept, discards = play.exchange(rules, hands[0] | play.relabel(deals[i, 0], byte_table), False)
        hands[0] = kept
        if use_play_out:
            out[i] = play.play_out(rules, hands, 0, discards, False, False, traces[i], True)
        else:
            out[i] = mixed_play_out(rules, hands, 0, discards, random_seats, stream_key(key, i), traces[i])


def contractor_tricks(random_seats, n=N_DEALS, use_play_out=False):
    hand = DECK.parse_cards(HAND)
    pool = np.array([c for c in range(DECK.size) if c not in hand], np.int64)
    deals = deal_batch(5, 0, n, pool, np.array([3, 0, 10, 10, 10]), np.array([0, DECK.mask(hand), 0, 0, 0], np.uint64))
    out = np.zeros(n, np.int64)
    traces = np.zeros((n, N_TRICKS * 4, 4), np.int64)
    _tricks_batch(deals, kernel_rules("H"), BYTE_TABLES[HEARTS], np.int64(random_seats), seed_key(99),
                  use_play_out, out, traces)
    return out, traces


def test_mixed_play_out_without_random_seats_is_play_out():
    ours, our_traces = contractor_tricks(0, 500)
    theirs, their_traces = contractor_tricks(0, 500, use_play_out=True)
    np.testing.assert_array_equal(our_traces, their_traces)
    np.testing.assert_array_equal(ours, theirs)


def test_heuristic_play_is_much_stronger_than_random_play():
    both = contractor_tricks(0b0000)[0]
    random_declarers = contractor_tricks(0b0101)[0]
    random_defenders = contractor_tricks(0b1010)[0]
    means = {k: v.mean() for k, v in
             {"heuristic": both, "random declarers": random_declarers, "random defenders": random_defenders}.items()}
    se = max(v.std() for v in (both, random_declarers, random_defenders)) / np.sqrt(N_DEALS)
    # Measured (seed 5, 4000 deals): mean tricks 7.54 heuristic, 6.57 with random declarers,
    # 8.22 with random defenders (standard errors about 0.02); 7H made 78%, 52%, 93%.
    # The margins asked for are about half of those.
    assert means["heuristic"] - means["random declarers"] > max(0.5, 10 * se), means
    assert means["random defenders"] - means["heuristic"] > max(0.35, 10 * se), means
    assert (both >= 7).mean() - (random_declarers >= 7).mean() > 0.12, means
    assert (random_defenders >= 7).mean() - (both >= 7).mean() > 0.07, means
