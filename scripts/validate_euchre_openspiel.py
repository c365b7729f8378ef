#!/usr/bin/env python
"""Differential test of our Euchre rules against OpenSpiel's ``euchre`` (four-handed, 24 cards).

Plays seeded random games in OpenSpiel and checks at every step that our engine agrees:
the legal bids (round one, round two, stick the dealer), the dealer's legal discards
(OpenSpiel's rule: not the upcard, our ``discard_upcard=no``), the legal cards at every
play (``legal_follow`` in our trump layout), every trick's winner (``beats``), and at the
end the makers' trick count and the points (``score_deal``).  OpenSpiel is an optional
dependency (the ``validate`` extra).

    python scripts/validate_euchre_openspiel.py            # 20,000 games
    python scripts/validate_euchre_openspiel.py --quick    # 1,000 games (what the test runs)
"""

from __future__ import annotations

import argparse
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analyzer.cards import parse_code, suit_of  # noqa: E402
from analyzer.games.euchre.deck import nat_bit  # noqa: E402
from analyzer.games.euchre.rules import PASS, legal_calls, legal_discards, rule_tables, to_trump  # noqa: E402
from analyzer.games.euchre.scoring import score_deal  # noqa: E402
from analyzer.tricks.engine import beats, legal_follow, suit_of as eff_suit  # noqa: E402

OS_SUIT_NAMES = {"Clubs": "C", "Diamonds": "D", "Hearts": "H", "Spades": "S"}
TABLES = rule_tables(24)


class Mismatch(AssertionError):
    pass


def check(cond, what, game):
    if not cond:
        raise Mismatch(f"game {game}: {what}")


def run_game(pyspiel, game, index, stick):
    rng = random.Random(index)
    state = game.new_initial_state()

    def card_code(action):
        return parse_code(state.action_to_string(0, action))

    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    dealer = state.dealer()
    holder = state.card_holder()
    hands = {p: [card_code(a) for a in range(24) if holder[a] == p] for p in range(4)}
    up = card_code(state.upcard())
    up_suit = suit_of(up)
    trump = None
    maker = None
    round_ = 1
    turns = 0
    n_tricks_checked = 0
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        names = [state.action_to_string(p, a) for a in legal]
        phase = str(state.current_phase()).split(".")[-1]
        if phase == "BIDDING":
            round_ = 1 if turns < 4 else 2
            ours = legal_calls(round_, p == dealer, up_suit, stick)
            theirs = sorted(PASS if n == "Pass" else "SCDH".index(OS_SUIT_NAMES[n]) for n in names)
            check(sorted(ours) == theirs, f"bids for seat {p} round {round_}: ours {ours}, OpenSpiel {names}", index)
            # Pass more often than uniform so that round two and redeals are exercised.
            if 24 in legal and (len(legal) == 1 or rng.random() < 0.7):
                a = 24
            else:
                a = rng.choice([x for x in legal if x != 24])
            name = state.action_to_string(p, a)
            if name != "Pass":
                maker = p
                trump = "SCDH".index(OS_SUIT_NAMES[name])
            turns += 1
            state.apply_action(a)
            continue
        if phase == "DISCARD":
            check(p == dealer and trump == up_suit, "only the dealer discards, in round one", index)
            ours = legal_discards(hands[p], up, "no")
            check(sorted(ours) == sorted(card_code(a) for a in legal), f"discards {names}", index)
            a = legal[rng.randrange(len(legal))]
            hands[p] = [c for c in hands[p] + [up] if c != card_code(a)]
            state.apply_action(a)
            continue
        if phase == "GO_ALONE":
            check(p == maker and sorted(names) == ["Alone", "Partner"], "alone choice", index)
            state.apply_action(legal[rng.randrange(len(legal))])
            continue
        # PLAY
        t = trump
        rules = TABLES[t]

        def lay(code):
            return np.uint64(to_trump(np.uint64(1 << nat_bit(code)), t))

        hand_mask = np.uint64(0)
        for c in hands[p]:
            hand_mask |= lay(c)
        trick = state.tricks()[state.current_trick_index()]
        played = [c for c in trick.cards() if c >= 0]
        if not played:
            ours = hand_mask
        else:
            first = lay(card_code(played[0]))
            led = eff_suit(rules, first)
            best = first
            for c in played[1:]:
                if beats(rules, lay(card_code(c)), best, led):
                    best = lay(card_code(c))
            ours = legal_follow(rules, hand_mask, led, best)
        theirs = np.uint64(0)
        for a in legal:
            theirs |= lay(card_code(a))
        check(int(ours) == int(theirs), f"legal cards of seat {p}: OpenSpiel {names}", index)
        a = legal[rng.randrange(len(legal))]
        hands[p].remove(card_code(a))
        state.apply_action(a)
    # Every trick's winner, then the trick count and the points.
    out = state.declarer_partner() if state.declarer_go_alone() else None
    makers = 0
    if maker is None:
        check(not stick and all(r == 0 for r in state.returns()), "a redeal scores nothing", index)
        return 0
    first = (dealer + 1) % 4
    if first == out:
        first = (first + 1) % 4
    check(state.tricks()[0].leader() == first, "the player left of the dealer leads", index)
    for tr in state.tricks():
        cards = [c for c in tr.cards() if c >= 0]
        if not cards:
            continue
        check(len(cards) == (3 if out is not None else 4), "cards in a trick", index)
        rules = TABLES[trump]
        seat = tr.leader()
        led = eff_suit(rules, np.uint64(to_trump(np.uint64(1 << nat_bit(card_code(cards[0]))), trump)))
        best = None
        win = seat
        for c in cards:
            b = np.uint64(to_trump(np.uint64(1 << nat_bit(card_code(c))), trump))
            if best is None or beats(rules, b, best, led):
                best, win = b, seat
            seat = (seat + 1) % 4
            if seat == out:
                seat = (seat + 1) % 4
        check(win == tr.winner(), f"trick winner ours {win} OpenSpiel {tr.winner()}", index)
        makers += (win % 2) == (maker % 2)
        n_tricks_checked += 1
    mk, df = score_deal(makers, out is not None)
    ret = state.returns()
    check(ret[maker] == mk - df and ret[(maker + 1) % 4] == df - mk,
          f"points: makers took {makers}, ours {mk}-{df}, OpenSpiel {ret}", index)
    return n_tricks_checked


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--quick", action="store_true", help="1,000 games")
    args = parser.parse_args(argv)
    import pyspiel

    n_games = 1000 if args.quick else args.games
    tricks = 0
    redeals = 0
    for i in range(n_games):
        stick = i % 2 == 1
        game = pyspiel.load_game("euchre", {"stick_the_dealer": stick, "allow_lone_defender": False})
        k = run_game(pyspiel, game, i, stick)
        tricks += k
        redeals += k == 0
    print(f"{n_games:,} OpenSpiel euchre games agree with ours: bids, discards, legal cards at "
          f"every play, {tricks:,} trick winners, trick counts and points ({redeals} redeals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
