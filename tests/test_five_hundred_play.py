"""Simulated Five Hundred play-outs replayed through the reference, and the kitty exchange.

``play_deal``/``play_out`` record every play in a trace (trick, seat, layout bit, suit
led); the reference checks that every lead and every follow was legal, that each trick
went to the card the rules say, that every card was played once, and that the trick
count the kernel returns is the one the reference counts.
"""

import random

import numpy as np
import pytest

from analyzer.games.five_hundred import play
from analyzer.games.five_hundred.deck import DECK, N_TRICKS
from analyzer.games.five_hundred.play import TRACE_COLS
from analyzer.sim.deal import deal_batch
from analyzer.tricks.tables import R_SUIT
from tests.conftest import SUIT_INDEX, card_of_bit, from_mask, kernel_rules, to_mask
from tests.reference import five_hundred as ref

N_REPLAYS = 2700
JOKER_OPTIONS = ({}, {}, {"joker_lead": "last"}, {"joker_name": "not_void"})


def dealt_cards(seed, n):
    """n random deals as reference cards: (kitty, [four hands])."""
    deals = deal_batch(seed, 0, n, np.arange(DECK.size), np.array([3, 10, 10, 10, 10]))
    for row in deals:
        cards = [[DECK.format(i) for i in DECK.ids_in(int(m))] for m in row]
        yield cards[0], cards[1:]


def new_trace():
    return np.empty((N_TRICKS * 4, TRACE_COLS), np.int64)


def nominated_suit(rules, strain):
    """Which suit (if any) the joker sits in under rule vector ``rules``."""
    if strain not in ("NT", "MIS"):
        return None
    joker = to_mask(["JK"], strain)
    for s in ref.SUITS:
        if rules[R_SUIT + SUIT_INDEX[s]] & joker:
            return s
    return None


def replay(trace, hands, contractor, strain, nominated, options=None):
    """Replay a trace through the reference; returns the contractor side's tricks.

    ``hands``: the hands of the seats that play, as they were when the first card was
    led (dict of sets); ``options``: the joker rule options.
    """
    options = options or {}
    misere = strain == "MIS"
    seats = [s for s in range(4) if not (misere and s == (contractor + 2) % 4)]
    rows = [r for r in trace.tolist() if r[0] >= 0]
    assert len(rows) == N_TRICKS * len(seats)
    assert all(r[0] == -1 for r in trace.tolist()[len(rows):])
    hands = {s: set(h) for s, h in hands.items()}
    suits_led, leader, taken, seen = set(), contractor, 0, []
    shown_void = {s: set() for s in seats}
    for t in range(N_TRICKS):
        trick = rows[t * len(seats):(t + 1) * len(seats)]
        order = seats[seats.index(leader):] + seats[:seats.index(leader)]
        assert [r[0] for r in trick] == [t] * len(seats)
        assert [r[1] for r in trick] == order, f"trick {t}: wrong seat order"
        cards = [card_of_bit(r[2], strain) for r in trick]
        led = ref.SUITS[trick[0][3]]
        assert all(r[3] == trick[0][3] for r in trick)
        assert (cards[0], led) in ref.legal_leads(sorted(hands[leader]), suits_led, strain, nominated,
                                                  shown_void=shown_void[leader], **options), (
            f"trick {t}: illegal lead {cards[0]} as {led} from {sorted(hands[leader])}, led before {suits_led}")
        for seat, card in zip(order[1:], cards[1:]):
            assert card in ref.legal_follows(sorted(hands[seat]), led, strain, nominated), (
                f"trick {t}: {seat} played {card} to {led} from {sorted(hands[seat])}")
            if ref.effective_suit(card, strain, nominated) != led:
                shown_void[seat].add(led)
        for seat, card in zip(order, cards):
            hands[seat].remove(card)
        suits_led.add(led)
        seen += cards
        winner = order[ref.trick_winner(cards, strain, nominated, led)]
        taken += winner % 2 == contractor % 2
        leader = winner
    assert all(not hands[s] for s in seats), "cards left in hand after ten tricks"
    assert len(seen) == len(set(seen)) == N_TRICKS * len(seats)
    return taken


def test_replayed_play_outs_follow_the_rules():
    """play_deal on dealt hands (every strain, contractor at every seat; misère and open
    misère), plus play_out with a random joker nomination in no-trumps and misère; the
    joker rule options in no-trumps and misère."""
    rng = random.Random(7)
    kinds = [("S", 0), ("C", 0), ("D", 0), ("H", 0), ("NT", 0), ("MIS", 0), ("MIS", 1), ("NT", 1), ("MIS", 2)]
    counts = {}
    for i, (kitty, hands) in enumerate(dealt_cards(11, N_REPLAYS)):
        strain, variant = kinds[i % len(kinds)]
        misere = strain == "MIS"
        open_misere = misere and variant == 1
        contractor = rng.randrange(4)
        options = rng.choice(JOKER_OPTIONS) if strain in ("NT", "MIS") else {}
        rules = kernel_rules(strain, **options)
        masks = np.array([to_mask(h, strain) for h in hands], np.uint64)
        thirteen = set(hands[contractor]) | set(kitty)
        trace = new_trace()
        if strain == "NT" and variant == 1 or variant == 2:
            # Exchange, then nominate the joker (or not) at random when the contractor has it.
            # The misère exchange always sheds the joker, so there discard at random instead.
            if misere:
                throw = rng.sample(sorted(thirteen - {"JK"}), 3)
                kept, discards = to_mask(thirteen - set(throw), strain), to_mask(throw, strain)
            else:
                kept, discards = play.exchange(rules, masks[contractor] | to_mask(kitty, strain), misere)
                kept, discards = np.uint64(kept), np.uint64(discards)  # numba hands back Python ints
            masks[contractor] = kept
            nominated = None
            if "JK" in from_mask(kept, strain) and rng.random() < 0.7:
                nominated = rng.choice(ref.SUITS)
                rules = kernel_rules(strain, nominated, **options)
            start = {s: from_mask(masks[s], strain) for s in range(4)}
            tricks = play.play_out(rules, masks, contractor, discards, misere, False, trace, True)
        else:
            tricks = play.play_deal(rules, masks, to_mask(kitty, strain), contractor, misere, open_misere,
                                    trace, True, np.empty_like(rules))
            kept = {card_of_bit(r[2], strain) for r in trace if r[1] == contractor}
            # play_deal nominates the joker in no-trumps and misère by nominate_joker's choice
            nominated = nominated_suit(play.nominate_joker(rules, to_mask(kept, strain), np.empty_like(rules)), strain)
            start = {s: set(hands[s]) for s in range(4)}
            start[contractor] = kept
        assert start[contractor] <= thirteen and len(start[contractor]) == 10
        partner = (contractor + 2) % 4
        if misere:
            assert from_mask(masks[partner], strain) == set(hands[partner]), "misère partner's hand was touched"
            del start[partner]
        assert all(masks[s] == 0 for s in start)
        assert tricks == replay(trace, start, contractor, strain, nominated, options)
        key = (strain, nominated is not None, tuple(options.values()))
        counts[key] = counts.get(key, 0) + 1
    # every strain, and a nominated joker in both no-trumps and misère, was replayed
    assert {k[0] for k in counts} == set(ref.STRAINS)
    assert sum(n for k, n in counts.items() if k[:2] == ("NT", True)) >= 20
    assert sum(n for k, n in counts.items() if k[:2] == ("MIS", True)) >= 20
    assert {k[2] for k in counts} == {(), ("last",), ("not_void",)}


def test_replay_catches_an_illegal_trace():
    """The replay is not vacuous: swapping two cards of one trick breaks it."""
    kitty, hands = next(dealt_cards(3, 1))
    rules = kernel_rules("H")
    masks = np.array([to_mask(h, "H") for h in hands], np.uint64)
    trace = new_trace()
    play.play_deal(rules, masks, to_mask(kitty, "H"), 0, False, False, trace, True, np.empty_like(rules))
    start = {s: set(hands[s]) for s in range(4)}
    start[0] = {card_of_bit(r[2], "H") for r in trace if r[1] == 0}
    replay(trace, start, 0, "H", None)
    bad = trace.copy()
    bad[[1, 5], 2] = bad[[5, 1], 2]  # seat 1 plays its trick-2 card in trick 1 and vice versa
    with pytest.raises(AssertionError):
        replay(bad, start, 0, "H", None)


# ----------------------------------------------------------------------------- exchange
@pytest.mark.parametrize("strain", ref.STRAINS)
def test_exchange_discards_three_of_the_thirteen(strain):
    rules = kernel_rules(strain)
    misere = strain == "MIS"
    checked = {"joker": 0, "trumps": 0}
    for kitty, hands in dealt_cards(23, 400):
        thirteen = set(hands[0]) | set(kitty)
        kept, discards = play.exchange(rules, to_mask(thirteen, strain), misere)
        kept, discards = from_mask(kept, strain), from_mask(discards, strain)
        assert kept | discards == thirteen and not kept & discards
        assert len(discards) == 3 and len(kept) == 10
        if strain in ref.SUITS:
            trumps = {c for c in thirteen if ref.effective_suit(c, strain) == strain}
            if len(trumps) <= 10:
                assert not discards & trumps, f"discarded a trump from {sorted(thirteen)}"
                checked["trumps"] += bool(trumps)
        if "JK" in thirteen:
            checked["joker"] += 1
            if misere:
                assert "JK" in discards, f"misère kept the joker: {sorted(thirteen)}"
            else:  # the joker always takes a trick: suit and no-trump contracts keep it
                assert "JK" in kept
    assert checked["joker"] > 50 and (strain not in ref.SUITS or checked["trumps"] > 300)


# ----------------------------------------------------------------------------- open misère defence
def _open_misere_lead(mine, exposed, unseen, partners_void=0):
    """The defender's lead (``play.defender_lead``) against an exposed contractor's hand."""
    from analyzer.tricks.heuristic import rule_suits
    from analyzer.tricks.tables import R_FREE
    rules = kernel_rules("MIS")
    card = play.defender_lead(rule_suits(rules), rules[R_FREE], to_mask(mine, "MIS"), to_mask(unseen, "MIS"),
                              0, partners_void, to_mask(exposed, "MIS"))
    return from_mask(card, "MIS")


def test_open_misere_defender_strips_before_the_low_card():
    """Open misère, four clubs each way.  East leads; South (the contractor, hand exposed) has
    10♣ 9♣ 7♣ 6♣, East A♣ J♣ 5♣, and the other defender may hold the K♣ alone (it is unseen).

    5♣ at once is the rule's obvious kill, and it fails whenever West's club is the king:
    South plays 6♣ and West must overtake.  Stripping first wins: A♣ (South ducks 10♣, West's
    K♣ falls), J♣ (South ducks 9♣), and only then 5♣: South must win it with 7♣ or 6♣.
    Each lead of the 5♣ strands his lowest card only once the others cannot overtake it."""
    assert _open_misere_lead(["AC", "JC", "5C"], ["TC", "9C", "7C", "6C"], ["KC", "QC", "8C", "AH"]) == {"AC"}
    # with no club above his 6♣ left unseen, nobody can overtake: the 5♣ at once
    assert _open_misere_lead(["AC", "JC", "5C"], ["TC", "9C", "7C", "6C"], ["AH", "KH"]) == {"5C"}
    # with one club left to him, a high lead would let him throw it under: the 5♣ at once
    assert _open_misere_lead(["AC", "JC", "5C"], ["6C"], ["KC", "AH"]) == {"5C"}


def test_open_misere_defender_makes_him_spend_his_lowest_card_first():
    """East leads against South's exposed 9♠ 6♠, holding A♠ K♠ 7♠ 5♠; West may hold Q♠ 10♠ 8♠.

    A♠ (the strip) lets South throw his 9♠ under it and keep the 6♠, which only our 5♠ is
    under -- and on that lead West, playing after South, must overtake with a spade of his.
    7♠ makes him spend the 6♠ (if he plays the 9♠ instead, West goes under it with the 8♠);
    then his 9♠ stands alone with our 5♠ and West's 8♠ under it: two leads to strand it."""
    assert _open_misere_lead(["AS", "KS", "7S", "5S"], ["9S", "6S"], ["QS", "TS", "8S", "AH"]) == {"7S"}


def _open_misere_discard(mine, led, exposed, unseen, contractor_played=True):
    """The void defender's card (``play.defender_follow``) on a trick led in ``led``, the
    contractor (hand exposed) on top when he has played."""
    from analyzer.tricks.heuristic import rule_suits
    from analyzer.tricks.tables import R_DUP_SHIFT, R_FREE, R_TRUMP
    rules = kernel_rules("MIS")
    suits = tuple(np.uint64(m) for m in rule_suits(rules))
    hand = np.uint64(to_mask(mine, "MIS"))
    best = np.uint64(to_mask([led], "MIS"))
    card = play.defender_follow(suits, suits[SUIT_INDEX[led[-1]]], rules[R_TRUMP], rules[R_FREE],
                                rules[R_DUP_SHIFT], hand, hand, best, contractor_played, contractor_played,
                                np.uint64(to_mask(unseen, "MIS")), np.uint64(to_mask(exposed, "MIS")))
    return from_mask(card, "MIS")


def test_open_misere_void_defender_throws_the_suit_that_blocks_his_partner():
    """West is void in spades; South (exposed) holds 8♣ 7♣ and the 6♣ 5♣ are unseen (East's).

    West's 10♣ 9♣ are of no use against South (both above his clubs) and they rescue him: when
    East leads the 6♣, West must follow with a higher club after South has played.  Thrown
    now, the clubs leave West void, and East's 6♣ and 5♣ force South's 7♣ and 8♣.  Throwing
    the highest card (the A♥, the rule for a discard that blocks nobody) keeps the blockers."""
    mine = ["AH", "KH", "QH", "TC", "9C"]
    assert _open_misere_discard(mine, "8S", ["8C", "7C", "QS"], ["6C", "5C", "9H", "7S"]) == {"TC"}
    # with no club left under his lowest, the clubs block nobody: the highest card
    assert _open_misere_discard(mine, "8S", ["8C", "7C", "QS"], ["9H", "7S"]) == {"AH"}
    # the contractor still to play: the same discard
    assert _open_misere_discard(mine, "8S", ["8C", "7C", "QS"], ["6C", "5C", "9H", "7S"], False) == {"TC"}


_RANKS = "23456789TJQKA"


def _misere_lead(mine, exposed, unseen, weights=None, partners_void=0, contractor_voids=0, suits_led=0):
    """(the card, the rules' card, {card: features}) of ``play.misere_defence_lead``: a
    defender's lead against the contractor's ``exposed`` hand (open misère; [] for
    misère), ``weights`` defaulting to the fitted ones."""
    from analyzer.tricks.heuristic import rule_suits
    from analyzer.tricks.tables import R_FREE
    rules = kernel_rules("MIS")
    suits = tuple(np.uint64(m) for m in rule_suits(rules))
    hand, seen, shown = (np.uint64(to_mask(x, "MIS")) for x in (mine, unseen, exposed))
    rules_card = np.uint64(play.defender_lead(suits, rules[R_FREE], hand, seen, contractor_voids, partners_void,
                                              shown))
    if weights is None:
        weights = play.MISERE_OPEN_W if exposed else play.MISERE_CLOSED_W
    feats = np.zeros((play.MAX_MLEADS, play.N_MF))
    cands = np.zeros(play.MAX_MLEADS, np.uint64)
    card, k = play.misere_defence_lead(suits, rules[R_FREE], hand, seen, contractor_voids, partners_void, shown,
                                       suits_led, rules_card, weights, feats, cands)
    by_card = {next(iter(from_mask(cands[i], "MIS"))): feats[i] for i in range(k)}
    return from_mask(card, "MIS"), from_mask(rules_card, "MIS"), by_card


def test_misere_lead_candidates_and_features_by_hand():
    """East holds A♣ J♣ 6♣ and K♦ against South's exposed 10♣ 9♣ 8♣ 7♣ and Q♦.

    Candidates: the low and the top club (6♣, A♣), the highest club under his lowest (the
    6♣ again) and between his two lowest (none: nothing of ours lies between 7♣ and 8♣),
    the K♦ (low and top at once); the rules' card is one of them.  The 6♣ lies under all
    his clubs, the A♣ above all four; the K♦ is above his only diamond."""
    mine = ["AC", "JC", "6C", "KD"]
    exposed = ["TC", "9C", "8C", "7C", "QD"]
    card, rules_card, f = _misere_lead(mine, exposed, _rest_of_deck(mine, exposed))
    assert set(f) == {"6C", "AC", "KD"} and rules_card <= set(f)
    rules_f, void, under_him, over_him, ducks, _, ours, ours_below, _, below_all, between, pv, led, cvoid, \
        unseen, single, nobody_under, low, safe, exposed_n, his_low = range(21)
    assert f["6C"][[under_him, over_him, below_all, ours, ours_below, low]].tolist() == [0, 4, 1, 3, 0, 1]
    assert f["AC"][[under_him, over_him, below_all, ours_below, low]].tolist() == [4, 0, 0, 2, 0]
    assert f["KD"][[under_him, over_him, single, low, void]].tolist() == [1, 0, 1, 1, 0]
    # the club under his 7♣ still unseen: the 5♣
    assert f["6C"][ducks] == 1 and f["6C"][nobody_under] == 0
    # rank counting: his 7♣ 8♣ 9♣ 10♣ against the pool's 5♣ 6♣ J♣ Q♣ ...: his two lowest exposed
    assert f["6C"][[safe, exposed_n]].tolist() == [0, 2]
    # closed misère: nothing exposed, the open-only features are 0
    _, _, f = _misere_lead(mine, [], _rest_of_deck(mine))
    assert set(f) == {"6C", "AC", "KD"} and all(f[c][[void, under_him, over_him, below_all, between]].sum() == 0
                                               for c in f)


def test_fitted_open_misere_lead_on_the_worked_positions():
    """The fitted weights on the positions worked out above (the strip before the low card,
    his lowest card spent first), and a catch at once taken whatever the weights: with no
    club above his 6♣ left to anyone, the 5♣ makes him win the trick."""
    assert _misere_lead(["AC", "JC", "5C"], ["TC", "9C", "7C", "6C"], ["KC", "QC", "8C", "AH"])[0] == {"AC"}
    assert _misere_lead(["AS", "KS", "7S", "5S"], ["9S", "6S"], ["QS", "TS", "8S", "AH"])[0] == {"7S"}
    assert _misere_lead(["AC", "JC", "5C"], ["6C"], ["KC", "AH"])[0] == {"5C"}
    anti = -np.eye(play.N_MF)[0]          # weights that would never pick the rules' card
    for w in (None, anti):
        card, _, f = _misere_lead(["AC", "JC", "5C"], ["TC", "9C", "7C", "6C"], ["AH", "KH"], w)
        assert card == {"5C"} and f == {}
    # the joker unseen: a void defender would have to play it and win, so no sure catch
    card, _, f = _misere_lead(["AC", "JC", "5C"], ["TC", "9C", "7C", "6C"], ["AH", "KH", "JK"], anti)
    assert f and card != {"5C"}


@pytest.mark.parametrize("open_", [True, False])
def test_misere_lead_with_the_rules_weight_alone_is_the_rules_card(open_):
    """With every weight 0 but the rules' card's, ``misere_defence_lead`` plays
    ``defender_lead``'s card: it is always among the candidates (random positions)."""
    rng = random.Random(6 + open_)
    only_rules = np.zeros(play.N_MF)
    only_rules[0] = 1.0
    cards = [DECK.format(i) for i in range(DECK.size) if DECK.format(i) != "JK"]
    for _ in range(300):
        pick = rng.sample(cards, 30)
        mine, theirs, unseen = pick[:rng.randint(1, 10)], pick[10:10 + rng.randint(1, 10)], pick[20:]
        card, rules_card, f = _misere_lead(mine, theirs if open_ else [], unseen + ([] if open_ else theirs),
                                           only_rules, partners_void=rng.randrange(16),
                                           contractor_voids=rng.randrange(16), suits_led=rng.randrange(16))
        assert len(f) <= play.MAX_MLEADS
        if f:
            assert card == rules_card
        else:   # a catch at once (open misère): under all his cards of a suit nobody can overtake him in
            (c,) = card
            theirs = [x for x in theirs if x[-1] == c[-1]]
            low = min(theirs, key=lambda x: _RANKS.index(x[0]))
            assert open_ and "JK" not in unseen and _RANKS.index(c[0]) < _RANKS.index(low[0])
            assert not any(x[-1] == c[-1] and _RANKS.index(x[0]) > _RANKS.index(low[0]) for x in unseen)


def test_misere_defender_before_the_contractor_stays_under_the_trick():
    """Misère (his hand unseen), East follows to West's 8♠ before South plays.  The 7♠ is
    East's highest card under the 8♠: the trick's bar for South does not rise, and the 5♠
    stays for a later lead under him.  Holding only cards above the 8♠, the lowest."""
    from analyzer.tricks.heuristic import rule_suits
    from analyzer.tricks.tables import R_DUP_SHIFT, R_FREE, R_TRUMP
    rules = kernel_rules("MIS")
    suits = tuple(np.uint64(m) for m in rule_suits(rules))

    def follow(mine, led):
        hand = np.uint64(to_mask(mine, "MIS"))
        card = play.defender_follow(suits, suits[SUIT_INDEX[led[-1]]], rules[R_TRUMP], rules[R_FREE],
                                    rules[R_DUP_SHIFT], hand, hand & suits[SUIT_INDEX[led[-1]]],
                                    np.uint64(to_mask([led], "MIS")), False, False, np.uint64(0), np.uint64(0))
        return from_mask(card, "MIS")

    assert follow(["9S", "7S", "5S", "AH"], "8S") == {"7S"}
    assert follow(["QS", "JS", "AH"], "8S") == {"JS"}


def test_misere_void_defender_throws_the_suit_he_could_never_lead_under_him():
    """Misère, East void in spades: his lowest heart is the 5♥, his lowest club the J♣, his
    diamond the 9♦.  Clubs are the suit he could never lead low: the Q♣ goes (the rule for
    an exposed hand, or the highest card, would throw the A♥ and keep two useless clubs)."""
    mine = ["AH", "KH", "5H", "QC", "JC", "9D"]
    assert _open_misere_discard(mine, "8S", [], ["6C", "5C", "9H", "7S"]) == {"QC"}


# ----------------------------------------------------------------------------- no-trump lead
def _nt_lead(mine, unseen, weights=None, suits_led=0, partner_voids=0, opp_voids=0):
    """(the card, {card: features}) of ``play.nt_lead`` for a hand ``mine`` with ``unseen``
    the cards it cannot see; ``weights`` default to the fitted ``play.NT_LEAD_W``."""
    from analyzer.tricks.heuristic import lead_core, rule_suits
    from analyzer.tricks.tables import R_FREE, R_TRUMP
    rules = kernel_rules("NT")
    suits = tuple(np.uint64(m) for m in rule_suits(rules))
    hand, seen = to_mask(mine, "NT"), to_mask(unseen, "NT")
    rules_card = lead_core(suits, rules[R_TRUMP], rules[R_FREE], np.int64(4), hand, seen, True, partner_voids,
                           opp_voids, False, False)
    feats = np.zeros((play.MAX_LEADS, play.N_LF))
    cands = np.zeros(play.MAX_LEADS, np.uint64)
    card, k = play.nt_lead(suits, rules[R_FREE], hand, seen, suits_led, partner_voids, opp_voids, rules_card,
                           play.NT_LEAD_W if weights is None else weights, feats, cands)
    by_card = {next(iter(from_mask(cands[i], "NT"))): feats[i] for i in range(k)}
    return from_mask(card, "NT"), from_mask(rules_card, "NT"), by_card


def _rest_of_deck(*hands):
    gone = set().union(*hands)
    return [DECK.format(i) for i in range(DECK.size) if DECK.format(i) not in gone and DECK.format(i) != "JK"]


def test_nt_lead_candidates_and_features_by_hand():
    """A♠ K♠ 9♠ 5♠ 7♥ Q♦ 5♦, nothing played, every other card unseen (the joker too).

    Candidates: the top and the low card of each suit, the top the lowest of its equals:
    K♠ (A♠ K♠ touch) and 5♠, the 7♥ once, Q♦ and 5♦.  K♠ is a master of our longest suit,
    four long, with six spades unseen (ten in the four-handed deck); 5♦ is the low card of
    a doubleton."""
    mine = ["AS", "KS", "9S", "5S", "7H", "QD", "5D"]
    _, _, f = _nt_lead(mine, _rest_of_deck(mine))
    assert set(f) == {"KS", "5S", "7H", "QD", "5D"}
    low, master, length, single, double, unseen, hold_master, led_before, _, longest, _, none_out, pv, ov = range(14)
    assert f["KS"][[low, master, length, unseen, hold_master, longest]].tolist() == [0, 1, 4, 6, 1, 1]
    assert f["5S"][[low, master, hold_master]].tolist() == [1, 0, 1]
    assert f["7H"][[single, length, longest, master]].tolist() == [1, 1, 0, 0]
    assert f["5D"][[low, double, master, hold_master]].tolist() == [1, 1, 0, 0]
    assert all(f[c][[led_before, none_out, pv, ov]].tolist() == [0, 0, 0, 0] for c in f)
    # diamonds led before and shown void by a partner, hearts shown void by an opponent
    d, h = 1 << SUIT_INDEX["D"], 1 << SUIT_INDEX["H"]
    _, _, f = _nt_lead(mine, _rest_of_deck(mine), suits_led=d, partner_voids=d, opp_voids=h)
    assert f["QD"][[led_before, pv, ov]].tolist() == [1, 1, 0] and f["7H"][[led_before, pv, ov]].tolist() == [0, 0, 1]
    # every spade seen: nobody else holds one, and our four are one candidate (the lowest)
    _, _, f = _nt_lead(mine, [c for c in _rest_of_deck(mine) if c[-1] != "S"])
    assert set(f) == {"5S", "7H", "QD", "5D"} and f["5S"][[none_out, unseen, master]].tolist() == [1, 0, 1]


def test_nt_lead_with_the_rules_weight_alone_is_the_rules_card():
    """With every weight 0 but the rules' card's, ``nt_lead`` plays ``lead_core``'s card:
    the rules' card is always among the candidates (random hands and unseen cards)."""
    rng = random.Random(5)
    only_rules = np.zeros(play.N_LF)
    only_rules[8] = 1.0
    cards = [DECK.format(i) for i in range(DECK.size) if DECK.format(i) != "JK"]
    for _ in range(300):
        pick = rng.sample(cards, 30)
        mine, unseen = pick[:rng.randint(2, 10)], pick[10:]
        card, rules_card, _ = _nt_lead(mine, unseen, only_rules)
        assert card == rules_card


def test_fitted_nt_lead_runs_a_solid_suit():
    """What the fitted weights say on a plain position (they are a fit, so only what no
    sensible weights would contradict): holding A♠ K♠ Q♠ J♠ (a running suit) it cashes a
    spade rather than a low card elsewhere."""
    mine = ["AS", "KS", "QS", "JS", "8H", "6H", "7C"]
    card, _, _ = _nt_lead(mine, _rest_of_deck(mine))
    assert card <= {"AS", "KS", "QS", "JS"}


def test_fit_finds_the_candidate_that_makes():
    """``scripts/fit_leads.py``'s fit on made-up leads where the contract is made exactly
    when the candidate has feature 1 (a master): its weights choose that candidate; ties
    go to the first row of a lead; the same inputs give the same weights."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("fit_leads", Path(__file__).resolve().parent.parent / "scripts" / "fit_leads.py")
    fit_leads = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit_leads)
    rng = np.random.default_rng(3)
    n_leads, per = 400, 4
    f = rng.normal(size=(n_leads * per, play.N_LF))
    f[:, 1] = 0.0
    f[np.arange(n_leads) * per + rng.integers(0, per, n_leads), 1] = 1.0
    made = f[:, 1].copy()
    pos = np.repeat(np.arange(n_leads), per)
    w = fit_leads.fit(f, made, pos, 5.0, 200, np.zeros(play.N_LF))
    assert made[fit_leads.first_of_each(f @ w, pos)].mean() == 1.0
    assert np.array_equal(w, fit_leads.fit(f, made, pos, 5.0, 200, np.zeros(play.N_LF)))
    assert fit_leads.first_of_each(np.zeros(6), np.array([0, 0, 0, 1, 1, 1])).tolist() == [0, 3]


# ----------------------------------------------------------------------------- two-handed suit lead
def _suit_lead(mine, unseen, strain="H", weights=None, declaring=True, suits_led=0, opp_voids=0, t=0):
    """(the card, the rules' card, {card: features}) of ``play.suit_lead`` for a hand
    ``mine`` with ``unseen`` the cards it cannot see, in a ``strain`` suit contract;
    ``weights`` default to the fitted ``play.SUIT2_LEAD_W`` (``SUIT2_DEFENCE_W`` when not
    ``declaring``).  The opponent has not shown void in trumps."""
    from analyzer.tricks.heuristic import rule_suits
    from analyzer.tricks.tables import R_FREE, R_TRUMP
    rules = kernel_rules(strain)
    suits = tuple(np.uint64(m) for m in rule_suits(rules))
    ts = np.int64(SUIT_INDEX[strain])
    hand, seen = to_mask(mine, strain), to_mask(unseen, strain)
    rules_card = np.uint64(play.rules_lead(suits, rules[R_TRUMP], rules[R_FREE], ts, hand, seen, declaring, 0,
                                           opp_voids, False, True))
    if weights is None:
        weights = play.SUIT2_LEAD_W if declaring else play.SUIT2_DEFENCE_W
    feats = np.zeros((play.MAX_LEADS, play.N_SF))
    cands = np.zeros(play.MAX_LEADS, np.uint64)
    card, k = play.suit_lead(suits, rules[R_TRUMP], ts, hand, seen, suits_led, opp_voids, True, rules_card, t,
                             weights, feats, cands)
    by_card = {next(iter(from_mask(cands[i], strain))): feats[i] for i in range(k)}
    return from_mask(card, strain), from_mask(rules_card, strain), by_card


def test_suit_lead_candidates_and_features_by_hand():
    """Hearts trump, J♥ (the right bower) 9♥ 5♥, A♠ 7♠ 5♠, K♦; every other card unseen,
    the joker and the left bower (J♦) among them.

    Candidates: the top and the low card of each suit: J♥ and 5♥, A♠ and 5♠, K♦ once.  The
    trumps: three of ours, the joker unseen above our top (the left bower ranks below the
    right); the J♥ is no master.  A♠ is a master of our longest plain suit, no unseen spade above it."""
    mine = ["JH", "9H", "5H", "AS", "7S", "5S", "KD"]
    unseen = _rest_of_deck(mine) + ["JK"]
    _, _, f = _suit_lead(mine, unseen)
    assert set(f) == {"JH", "5H", "AS", "5S", "KD"}
    low, master, length, single, _, _, _, _, is_t, t_mine, t_unseen, t_above, t_master, t_low = range(14)
    longest, above_it, p_mine = 16, 18, 19
    n_trumps_unseen = sum(1 for c in unseen if c in {"JK", "JD"} or c[-1] == "H")
    assert f["JH"][[is_t, t_mine, t_above, t_master, t_low, master]].tolist() == [1, 3, 1, 0, 0, 0]
    assert f["5H"][[is_t, t_low, low]].tolist() == [1, 1, 1] and f["5H"][t_unseen] == n_trumps_unseen
    assert f["AS"][[is_t, master, longest, above_it, p_mine, length]].tolist() == [0, 1, 1, 0, 3, 3]
    assert f["5S"][[low, above_it]].tolist() == [1, 7]      # K Q J T 9 8 6 of spades unseen
    assert f["KD"][[single, above_it, longest]].tolist() == [1, 1, 0]
    assert all(f[c][[t_mine, t_unseen, t_above]].tolist() == [0, 0, 0] for c in ("AS", "5S", "KD"))


def test_suit_lead_with_the_rules_weight_alone_is_the_rules_card():
    """With every weight 0 but the rules' card's, ``suit_lead`` plays ``play.rules_lead``'s
    card, the contractor's and the defender's (random hands, unseen cards and trumps)."""
    rng = random.Random(7)
    only_rules = np.zeros(play.N_SF)
    only_rules[7] = 1.0
    cards = [DECK.format(i) for i in range(DECK.size)]
    for i in range(300):
        pick = rng.sample(cards, 30)
        mine, unseen = pick[:rng.randint(2, 10)], pick[10:]
        card, rules_card, _ = _suit_lead(mine, unseen, strain="SCDH"[i % 4], weights=only_rules,
                                         declaring=i % 2 == 0)
        assert card == rules_card
