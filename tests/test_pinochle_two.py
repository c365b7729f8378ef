"""Two-handed Pinochle (``games/pinochle/two.py``, ``shared/rules/pinochle-two-handed.md``).

Every hand the kernel plays is replayed here by plain-Python rules written from the rules
file, not from the kernel: the draws in the stock's order (the last two cards as the
option says), each card from the right hand, phase 2's duties, the trick winners, every
meld legal (a card from the concealed hand; a card on the table again only in another
class, or a royal marriage's king and queen into the run; a second identical meld from
new cards; a double meld at once) and scored as the table says, the dix, the counters
and the last trick, the call-out.  Then the question: its figures add up, the same seed
gives the same answer on any thread count, bad input is one line.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.pinochle import two
from analyzer.games.pinochle.rules import COUNTING, Options2

SEQ, AROUND, PIN = "seq", "around", "pin"
AROUND_PTS = {5: 100, 3: 80, 2: 60, 1: 40}          # rank index: A K Q J


def suit(b):
    return b >> 4


def rank(b):
    return (b & 15) >> 1


def bits(mask):
    return {b for b in range(64) if (mask >> b) & 1}


def wins_second(a, b, trump):
    """Does the follower's card ``b`` beat the led card ``a``?  Identical: the first wins."""
    if suit(b) == suit(a):
        return rank(b) > rank(a)
    return suit(b) == trump


class Player:
    def __init__(self, hand):
        self.hand = set(hand)
        self.table = set()
        self.used = {SEQ: set(), AROUND: set(), PIN: set()}
        self.in_run = set()
        self.laid = {"run": 0, "pinochle": 0, **{r: 0 for r in AROUND_PTS}}
        self.meld = 0
        self.taken = 0


def meld_points(p: Player, kind: str, cards: set, trump: int, double_any: bool) -> int:
    """The points of laying ``cards`` as ``kind`` now, or raise AssertionError if the rules
    forbid it."""
    assert cards <= p.hand, "a meld of cards not held"
    assert cards - p.table, "a meld takes at least one card from the concealed hand"
    ranks = sorted(rank(b) for b in cards)
    suits = sorted(suit(b) for b in cards)
    if kind in ("marriage", "royal marriage"):
        assert ranks == [2, 3] and suits[0] == suits[1], "a marriage is a K and Q of one suit"
        assert not cards & p.used[SEQ], "a card of the table again in its class"
        royal = suits[0] == trump
        assert royal == (kind == "royal marriage")
        return 40 if royal else 20
    if kind in ("run", "double run"):
        need = 2 if kind == "double run" else 1
        assert all(s == trump for s in suits) and ranks == sorted([1, 2, 3, 4, 5] * need), "a run is A 10 K Q J of trump"
        assert not cards & p.in_run, "a card of a run again in a run"
        for b in cards:
            if rank(b) not in (2, 3):
                assert b not in p.used[SEQ], "A 10 J of the table again in a sequence"
        if kind == "double run":
            assert p.laid["run"] == 0
            return 1500
        return 1350 if double_any and p.laid["run"] == 1 else 150
    if kind in ("around", "double around"):
        need = 2 if kind == "double around" else 1
        r = ranks[0]
        assert r in AROUND_PTS and ranks == [r] * (4 * need) and suits == sorted(list(range(4)) * need)
        assert not cards & p.used[AROUND], "a card of the table again in an around"
        if kind == "double around":
            assert p.laid[r] == 0
            return 10 * AROUND_PTS[r]
        return 9 * AROUND_PTS[r] if double_any and p.laid[r] == 1 else AROUND_PTS[r]
    if kind in ("pinochle", "double pinochle"):
        need = 2 if kind == "double pinochle" else 1
        assert sorted((suit(b), rank(b)) for b in cards) == sorted([(0, 2), (2, 1)] * need), "a pinochle is Q♠ J♦"
        assert not cards & p.used[PIN], "a card of the table again in a pinochle"
        if kind == "double pinochle":
            assert p.laid["pinochle"] == 0
            return 300
        return 260 if double_any and p.laid["pinochle"] == 1 else 40
    raise AssertionError(kind)


def lay(p: Player, kind: str, cards: set):
    p.table |= cards
    cls = SEQ if "marriage" in kind or "run" in kind else AROUND if "around" in kind else PIN
    p.used[cls] |= cards
    n = 2 if kind.startswith("double") else 1
    if "run" in kind:
        p.in_run |= cards
        p.laid["run"] += n
    elif "around" in kind:
        p.laid[rank(next(iter(cards)))] += n
    elif "pinochle" in kind:
        p.laid["pinochle"] += n


def legal2(hand, led, trump, head_all):
    follow = {b for b in hand if suit(b) == suit(led)}
    if follow:
        if head_all or suit(led) == trump:
            higher = {b for b in follow if rank(b) > rank(led)}
            if higher:
                return higher
        return follow
    trumps = {b for b in hand if suit(b) == trump}
    return trumps or set(hand)


def replay(h: dict, options: Options2, scores=(0, 0), target=None):
    """Replay a traced hand by the rules; returns (meld, counters, last trick, called)."""
    pts_of = COUNTING[options.count]
    target = options.target if target is None else target
    trump, dealer, turned = h["trump"], h["dealer"], h["turned"]
    stock = list(h["stock"])
    players = [Player(bits(h["hands"][0])), Player(bits(h["hands"][1]))]
    assert len(players[0].hand) == len(players[1].hand) == 12 and not players[0].hand & players[1].hand
    assert len(set(stock) | {turned} | players[0].hand | players[1].hand) == 48
    events = [tuple(e) for e in h["events"]]
    k = 0
    if rank(turned) == 0:
        assert events[0] == (two.EV_TURNED_DIX, dealer, turned, 0, 10)
        players[dealer].meld += 10
        k = 1
    dix_scored = {turned} if rank(turned) == 0 else set()
    swapped = False
    leader = 1 - dealer
    draw_first = options.order == "draw_then_meld"
    called, last = -1, -1

    def draw(t, w):
        nonlocal k
        ev = events[k]
        assert ev[0] == two.EV_DRAW and ev[1] == w and ev[4] == t
        k += 1
        if t < 11:
            expect = (stock[2 * t], stock[2 * t + 1])
        else:
            expect = (stock[22], turned)
            if options.last_cards == "winner_chooses" and (ev[2], ev[3]) == (turned, stock[22]):
                expect = (turned, stock[22])
        assert (ev[2], ev[3]) == expect, "the draw is not the stock's next card"
        players[w].hand.add(ev[2])
        players[1 - w].hand.add(ev[3])

    for t in range(24):
        ev = events[k]
        assert ev[0] == two.EV_LEAD and ev[1] == leader and ev[3] == t
        a = ev[2]
        assert a in players[leader].hand, "a card not held"
        players[leader].hand.discard(a)
        players[leader].table.discard(a)
        k += 1
        ev = events[k]
        f = 1 - leader
        assert ev[0] == two.EV_FOLLOW and ev[1] == f and ev[3] == t
        b = ev[2]
        assert b in players[f].hand, "a card not held"
        if t >= 12:
            assert b in legal2(players[f].hand, a, trump, options.head == "always"), "phase 2 duties broken"
        players[f].hand.discard(b)
        players[f].table.discard(b)
        k += 1
        w = f if wins_second(a, b, trump) else leader
        players[w].taken += pts_of[rank(a)] + pts_of[rank(b)]
        if t == 23:
            players[w].taken += 10
            last = w
        if t < 12:
            if draw_first:
                draw(t, w)
            while k < len(events) and events[k][0] in (two.EV_DIX_SWAP, two.EV_DIX_SHOW):
                ev = events[k]
                assert ev[1] == w, "only the trick's winner shows the dix"
                nine = ev[2]
                assert suit(nine) == trump and rank(nine) == 0 and nine in players[w].hand and nine not in dix_scored
                if ev[0] == two.EV_DIX_SWAP:
                    assert not swapped and rank(turned) != 0 and ev[3] == turned
                    assert not (draw_first and t == 11), "the turned card is gone"
                    players[w].hand.discard(nine)
                    players[w].hand.add(turned)
                    turned = nine
                    swapped = True
                dix_scored.add(nine)
                players[w].meld += 10
                k += 1
            if k < len(events) and events[k][0] == two.EV_MELD:
                ev = events[k]
                assert ev[1] == w, "only the trick's winner melds"
                kind = two.MELD_NAMES[ev[2]]
                cards = bits(ev[3])
                got = meld_points(players[w], kind, cards, trump, options.double_meld == "any")
                assert got == ev[4], f"{kind} scored {ev[4]}, the rules say {got}"
                lay(players[w], kind, cards)
                players[w].meld += got
                k += 1
            if not draw_first:
                draw(t, w)
            if t == 11:
                for p in players:
                    p.table.clear()
                assert len(players[0].hand) == len(players[1].hand) == 12
        for q in (w, 1 - w):
            if called < 0 and scores[q] + players[q].meld + players[q].taken >= target:
                assert events[k] == (two.EV_CALL, q, t, 0, 0), "a true call-out not made at once"
                called = q
                k += 1
        if called >= 0:
            break
        leader = w
    assert k == len(events), "events after the hand's end"
    if called < 0:
        assert not players[0].hand and not players[1].hand
        assert players[0].taken + players[1].taken == 250
    return ([players[0].meld, players[1].meld], [players[0].taken, players[1].taken], last, called)


def _check(h, options, scores=(0, 0), target=None):
    meld, taken, last, called = replay(h, options, scores, target)
    r = h["result"]
    assert [r[two.R_MELD0], r[two.R_MELD1]] == meld
    assert [r[two.R_COUNT0], r[two.R_COUNT1]] == taken
    assert r[two.R_CALLED] == called and (called >= 0 or r[two.R_LAST] == last)


@pytest.mark.parametrize("rules", [[], ["order=draw_then_meld"], ["last_cards=winner_chooses"],
                                   ["double_meld=any"], ["head=trump_led"], ["count=classic"]])
def test_every_hand_replays_by_the_rules(rules):
    options = Options2.parse(rules)
    melds = set()
    for i in range(40):
        h = two.traced_hand(7, i, options, dealer=i % 2)
        _check(h, options)
        melds |= {two.MELD_NAMES[e[2]] for e in h["events"] if e[0] == two.EV_MELD}
    # the policy lays most kinds of meld in 40 hands
    assert {"marriage", "royal marriage", "pinochle", "around"} <= melds


def test_call_out_replays():
    """Near the target a player calls out as soon as his meld and counters reach it."""
    options = Options2()
    called = 0
    for i in range(30):
        h = two.traced_hand(3, i, options, scores=(900, 880))
        _check(h, options, scores=(900, 880))
        called += h["result"][two.R_CALLED] >= 0
    assert called == 30


def test_a_dealt_hand_is_yours_and_the_turned_card_of_the_trump_asked():
    from analyzer.games.pinochle.deck import mask_of, parse_hand
    mine = int(mask_of(parse_hand("AS TS KS QS JS QS JD KD QD 9H AC AC", size=12)))
    for i in range(50):
        h = two.traced_hand(5, i, Options2(), mine=mine, trump=2)
        assert h["hands"][0] == mine and h["trump"] == 2 and not (mine >> h["turned"]) & 1
        _check(h, Options2())


def _hand(text):
    from analyzer.games.pinochle.deck import mask_of, parse_hand
    return np.uint64(mask_of(parse_hand(text)))


def _best(hand, table=0, used=(0, 0, 0), runused=0, done=(0,) * 8, trump=0, opts=0, marriage_first=True):
    p, kind, cards = two.best_meld(np.uint64(hand), np.uint64(table), np.array(used, np.uint64), np.uint64(runused),
                                   np.array(done, np.int64), trump, opts, marriage_first)
    return p, (two.MELD_NAMES[kind] if p else None), np.uint64(cards)


def test_a_royal_marriage_first_then_its_run():
    """A 10 K Q J of trump: the policy lays the royal marriage (40) while tricks remain,
    then the run with the same king and queen from the table (150): 190 in all; a run laid
    first does not score its royal marriage afterwards."""
    hand = _hand("AS TS KS QS JS 9H 9H 9D 9D 9C 9C JH")
    p, kind, cards = _best(hand)
    assert (p, kind) == (40, "royal marriage")
    table, used = cards, (cards, 0, 0)
    p, kind, run = _best(hand, table, used, done=(0,) * 8)
    assert (p, kind) == (150, "run") and (run & cards) == cards
    p, kind, run = _best(hand, marriage_first=False)
    assert (p, kind) == (150, "run")
    after = _best(hand, run, (run, 0, 0), runused=run, done=(0, 0, 0, 0, 0, 0, 1, 0))
    assert after[0] == 0


def test_a_second_around_needs_new_cards_and_a_double_needs_them_at_once():
    eight = _hand("AS AS AH AH AD AD AC AC 9H 9D 9C JH")
    assert _best(eight)[:2] == (1000, "double around")
    four = _hand("AS AH AD AC")
    # after one around is laid, a second needs the other four aces: 100 (900 with double_meld=any)
    done = (0, 0, 0, 0, 0, 1, 0, 0)             # one aces around laid
    laid = np.uint64(0)
    for b in bits(int(eight)):
        if rank(b) == 5 and b & 1 == 0:
            laid |= np.uint64(1) << np.uint64(b)
    assert _best(eight, laid, (0, laid, 0), done=done)[:2] == (100, "around")
    assert _best(eight, laid, (0, laid, 0), done=done, opts=two.O_DOUBLE_ANY)[:2] == (900, "around")
    # the four aces on the table alone make no new around (no card from the concealed hand)
    assert _best(four, four, (0, four, 0), done=done)[0] == 0


def test_a_meld_takes_a_card_from_the_concealed_hand():
    """K Q of hearts both on the table from an around and a pinochle: the marriage may use
    them (another class) only with a concealed card -- there is none, so no marriage."""
    kq = _hand("KH QH")
    assert _best(kq, kq, (0, kq, 0), trump=0)[0] == 0
    assert _best(kq, 0, (0, 0, 0), trump=0)[:2] == (20, "marriage")
    kqk = _hand("KH QH KH")
    p, kind, cards = _best(kqk, kq, (0, kq, 0), trump=3)
    assert (p, kind) == (40, "royal marriage") and cards & ~kq


def test_options_parse_and_refuse_unknown_values():
    assert Options2.parse(["double_meld=any", "game=1250"]).target == 1250
    with pytest.raises(InputError, match="rule order takes meld_then_draw"):
        Options2.parse(["order=sideways"])
    with pytest.raises(InputError, match="two-handed Pinochle rules"):
        Options2.parse(["min_bid=300"])


def test_the_deal_question_adds_up_and_is_the_same_on_any_thread_count():
    from analyzer.games.pinochle.questions import deal2
    hand = "AS TS KS QS JS QS JD KD QD 9H AC AC"
    a1 = deal2(hand, trump="S", deals=4000, seed=3, threads=1)
    a2 = deal2(hand, trump="S", deals=4000, seed=3, threads=2)
    assert a1.table.equals(a2.table) and a1.meta == a2.meta
    you, them = a1.table.iloc[0], a1.table.iloc[1]
    assert a1.meta["net"] == pytest.approx(you.mean_total - them.mean_total)
    # counters: 250 a hand between the two when nobody calls out in the first hand
    assert you.mean_counters + them.mean_counters == pytest.approx(250, abs=1e-9)
    assert a1.meta["p_win"] > 0.7 and a1.meta["p_win_lo"] < a1.meta["p_win"] < a1.meta["p_win_hi"]
    # a weak hand is worth less and wins less often
    weak = deal2("9S JS 9H JH TH 9D TD 9C JC TC KC 9C", trump="D", deals=4000, seed=3, threads=1)
    assert weak.meta["net"] < 0 < a1.meta["net"] and weak.meta["p_win"] < 0.5
    # a score near the target: the game is nearly always decided in this hand
    near = deal2(hand, trump="S", score="950:100", deals=1000, seed=3, threads=1)
    assert near.meta["p_win"] > 0.97 and near.meta["hands_per_game"] < 1.1


def test_the_deal_question_refuses_bad_input_in_one_line():
    from analyzer.games.pinochle.questions import deal2
    hand = "AS TS KS QS JS QS JD KD QD 9H AC AC"
    for kw, needle in [({}, "one of them"), ({"trump": "S", "upcard": "9S"}, "one of them"),
                       ({"trump": "S", "score": "1000:0"}, "under the game's 1000"),
                       ({"trump": "S", "score": "ten"}, "YOU:THEM"), ({"trump": "S", "dealer": "me"}, "--dealer"),
                       ({"upcard": "AC"}, "both copies")]:
        with pytest.raises(InputError, match=needle):
            deal2(hand, deals=10, **kw)
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "pinochle", "deal", hand, "--trump", "X"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_play_from_the_first_trick_is_the_whole_hand():
    """``play_from`` started at trick 1 with the policy's own first card forced plays the
    same hand as ``play_hand`` (the state arrays carry everything)."""
    options = Options2()
    pts = two.points_table(options)
    for i in range(10):
        h = two.traced_hand(11, i, options, dealer=i % 2)
        first = h["events"][1 if h["events"][0][0] == two.EV_TURNED_DIX else 0][2]
        hand = np.array(h["hands"], np.uint64)
        meld = np.zeros(2, np.int64)
        dix = np.zeros(1, np.uint64)
        if rank(h["turned"]) == 0:
            meld[h["dealer"]] = 10
            dix[0] = np.uint64(1) << np.uint64(h["turned"])
        out = np.zeros(two.N_RESULT, np.int64)
        two.play_from(hand, np.zeros(2, np.uint64), np.zeros((2, 3), np.uint64), np.zeros(2, np.uint64),
                      np.zeros((2, two.N_DONE), np.int64), meld, np.zeros(2, np.int64), dix, h["turned"], 0,
                      1 - h["dealer"], -1, first, np.array(h["stock"], np.int64), h["trump"], pts,
                      options.flags, two.POLICY, np.zeros(2, np.int64), 1000, np.zeros((two.MAX_EVENTS, 5), np.int64),
                      0, out)
        assert out[:two.R_EVENTS].tolist() == h["result"][:two.R_EVENTS]


HAND = "AS TS KS QS JS QS JD KD QD 9H AC AC"


def test_the_play_question_ranks_every_card_once_on_the_same_worlds():
    from analyzer.games.pinochle.questions import play2
    a1 = play2(HAND, trump="S", lead="TH", seen="9C JC 9H JH", melded="KS QS", their_melded="KH QH", deals=400,
               seed=2, threads=1)
    a2 = play2(HAND, trump="S", lead="TH", seen="9C JC 9H JH", melded="KS QS", their_melded="KH QH", deals=400,
               seed=2, threads=2)
    assert a1.table.equals(a2.table) and a1.meta == a2.meta
    t = a1.table
    assert sorted(t["card"]) == sorted(set(HAND.replace("QS QS", "QS").replace("AC AC", "AC").split()))
    assert t["vs_best"].iloc[0] == 0 and (t["net"].diff().dropna() <= 0).all()
    # following a known lead: the card wins the trick in every world or in none, by the rules
    for r in t.itertuples():
        card = r.card
        wins = card[-1] == "S" or (card[-1] == "H" and card[0] == "A")
        assert r.p_win_trick == (1.0 if wins else 0.0), card
    assert t.set_index("card").loc["QS", "from_table"] and not t.set_index("card").loc["AS", "from_table"]
    assert a1.meta["meld_so_far"] == 40 and a1.meta["their_meld_so_far"] == 20 and a1.meta["trick"] == 3


def test_the_play_question_checks_the_position():
    from analyzer.games.pinochle.questions import play2
    for kw, needle in [({"trump": "S", "seen": "9C JC 9H"}, "two each"),
                       ({"trump": "S", "seen": " ".join(["9C JC 9H JH 9D 9D JC 9H JH QC QC QH"] * 2)}, "third copy"),
                       ({"trump": "S", "melded": "KS QS, KS QS", "seen": "9C JC 9H JH"}, "not again in this class"),
                       ({"trump": "S", "melded": "KS JS", "seen": "9C JC"}, "not a meld"),
                       ({"trump": "S", "melded": "KS QS, KS QS AS TS JS", "seen": "9C JC 9H JH"}, None),
                       ({}, "one of them")]:
        if needle is None:
            assert play2(HAND, deals=20, **kw).meta["meld_so_far"] == 190       # royal marriage, then its run
            continue
        with pytest.raises(InputError, match=needle):
            play2(HAND, deals=20, **kw)
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "pinochle", "play", HAND, "--trump", "S", "--lead",
                        "ZZ"], capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def _position_at(h, trick):
    """Both hands and the cards played before trick ``trick`` (0-based) of a traced hand,
    and who leads it."""
    hands = [bits(h["hands"][0]), bits(h["hands"][1])]
    played, leader = [], None
    for e in h["events"]:
        if e[0] in (two.EV_LEAD, two.EV_FOLLOW):
            if e[3] == trick:
                if e[0] == two.EV_LEAD:
                    leader = e[1]
                break
            hands[e[1]].discard(e[2])
            played.append(e[2])
        elif e[0] == two.EV_DRAW:
            hands[e[1]].add(e[2])
            hands[1 - e[1]].add(e[3])
        elif e[0] == two.EV_DIX_SWAP:
            hands[e[1]].discard(e[2])
            hands[e[1]].add(e[3])
    return hands, played, leader


def _minimax(hands, leader, lead, trump, pts, me):
    """My points from here on (plain Python, perfect play by both, phase 2's duties)."""
    if lead is None:
        if not hands[leader]:
            return 0
        vals = [_minimax(hands, leader, a, trump, pts, me) for a in sorted(hands[leader])]
        return max(vals) if leader == me else min(vals)
    f = 1 - leader
    out = []
    for b in sorted(legal2(hands[f], lead, trump, True)):
        w = f if wins_second(lead, b, trump) else leader
        rest = [set(hands[0]), set(hands[1])]
        rest[leader].discard(lead)
        rest[f].discard(b)
        gain = pts[rank(lead)] + pts[rank(b)] + (10 if not rest[0] and not rest[1] else 0)
        out.append((gain if w == me else 0) + _minimax(rest, w, None, trump, pts, me))
    return max(out) if f == me else min(out)


def test_phase_2_is_solved_exactly():
    """Late in phase 2 each card's points match a plain-Python minimax of the ending, with
    me leading and with me following a known lead."""
    from analyzer.games.pinochle.deck import format_mask
    from analyzer.games.pinochle.questions import play2
    options = Options2()
    pts = COUNTING["tens"]
    checked = 0
    for i in range(8):
        h = two.traced_hand(13, i, options)
        if h["result"][two.R_CALLED] >= 0:
            continue
        hands, played, leader = _position_at(h, 19)          # five cards each left
        me = leader if i % 2 == 0 else 1 - leader
        lead = None
        if me != leader:
            lead = min(hands[leader])
        card_text = {b: format_mask(1 << b) for b in range(64)}
        a = play2(" ".join(card_text[b] for b in sorted(hands[me])), trump="SCDH"[h["trump"]],
                  seen=" ".join(card_text[b] for b in played), lead=card_text[lead] if lead is not None else None)
        assert a.meta["phase"] == 2 and a.meta["exact"]
        for r in a.table.itertuples():
            b = next(x for x in hands[me] if card_text[x] == r.card)
            rest = [set(hands[0]), set(hands[1])]
            if lead is None:
                want = _minimax(rest, me, b, h["trump"], pts, me)
            else:
                rest[leader].discard(lead)
                rest[me].discard(b)
                w = me if wins_second(lead, b, h["trump"]) else leader
                gain = pts[rank(lead)] + pts[rank(b)]
                want = (gain if w == me else 0) + _minimax(rest, w, None, h["trump"], pts, me)
                rest[leader].add(lead)
            assert r.points == want, (i, r.card)
        checked += 1
    assert checked >= 5


def test_the_two_handed_report_adds_up(tmp_path):
    """``analyzer report pinochle --players 2``: the survey's tables add up and the same
    seed gives the same figures on one and two threads."""
    from analyzer.games.pinochle import survey2
    r1 = survey2.run_survey2(3000, seed=4, threads=1)
    r2 = survey2.run_survey2(3000, seed=4, threads=2)
    assert np.array_equal(r1.stats, r2.stats)
    flat = r1.stats
    t = survey2.hand2_table(flat, [])
    row = t.iloc[0]
    assert row.deals == 3000
    assert row.mean_total == pytest.approx(row.mean_meld + row.mean_counters)
    assert row.p_win_game_lo < row.p_win_game < row.p_win_game_hi
    by = survey2.hand2_table(flat, ["dealer"])
    assert by["deals"].sum() == 3000 and set(by["dealer"]) == {"yes", "no"}
    assert survey2.totals2_table(flat)["share"].sum() == pytest.approx(1.0)
    # a better hand as dealt is worth more: the top meld bands above the bottom ones
    m = survey2.hand2_table(flat, ["meld"], 1)
    assert m["mean_total"].iloc[-1] > m["mean_total"].iloc[0]
    out = tmp_path / "r"
    r = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "report", "pinochle", "--players", "2", "--deals",
                        "2000", "--out", str(out), "--threads", "1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert (out / "hand_by_meld.csv").exists() and (out / "totals.png").exists()
    assert "two-handed" in (out / "README.md").read_text(encoding="utf-8")


def test_the_last_phase_1_trick_worked_by_hand():
    """Trick 12 (the last of phase 1) worked by hand.  Hearts trump, K♥ under the stock and
    one face-down card left (9♣).  Player 0 leads A♥ (forced); player 1 has no heart and no
    trump, so he loses it.  Player 0 holds the dix 9♥ and exchanges it for the K♥ while the
    K♥ still lies there (+10); he holds K♠ Q♠ (a marriage, 20) and Q♠ J♦ (a pinochle, 40)
    and lays the pinochle; then he draws the last face-down card (9♣) and player 1 the card
    under the stock, now the 9♥.  With ``last_cards=winner_chooses`` the winner would take
    a K♥ lying there, but the exchange has put the nine there: the same draw.  No meld
    after phase 1: player 0 ends the hand with 50 of meld, player 1 with none."""
    from analyzer.games.pinochle.deck import mask_of, parse_hand
    H = 3                                                     # hearts: suit 3 (S C D H)

    def m(text):
        return np.uint64(mask_of(parse_hand(text)))

    def bit(text):
        return int(np.log2(float(m(text))))

    p0 = m("AH 9H KS QS JD 9S 9S JS JS TC TC QC")
    p1 = m("9D 9D JC JC QD QD TD TD KC KC AC AC")
    stock = np.zeros(two.STOCK, np.int64)
    stock[22] = bit("9C")
    turned = bit("KH")
    options = Options2()
    for opts, draws in ((0, (bit("9C"), bit("9H"))), (two.O_WINNER_CHOOSES, (bit("9C"), bit("9H")))):
        hand = np.array([p0, p1], np.uint64)
        meld = np.zeros(2, np.int64)
        trace = np.zeros((two.MAX_EVENTS, 5), np.int64)
        out = np.zeros(two.N_RESULT, np.int64)
        two.play_from(hand, np.zeros(2, np.uint64), np.zeros((2, 3), np.uint64), np.zeros(2, np.uint64),
                      np.zeros((2, two.N_DONE), np.int64), meld, np.zeros(2, np.int64), np.zeros(1, np.uint64), turned,
                      11, 0, -1, bit("AH"), stock, H, two.points_table(options), opts, two.POLICY,
                      np.zeros(2, np.int64), 10_000, trace, 0, out)
        ev = [tuple(e) for e in trace[:out[two.R_EVENTS]]]
        assert ev[0] == (two.EV_LEAD, 0, bit("AH"), 11, 0)
        assert ev[1][0] == two.EV_FOLLOW and ev[1][1] == 1                     # no trump to beat A♥
        assert ev[2] == (two.EV_DIX_SWAP, 0, bit("9H"), turned, 10)
        assert ev[3][:3] == (two.EV_MELD, 0, two.K_PINOCHLE) and ev[3][4] == 40
        assert ev[4] == (two.EV_DRAW, 0, draws[0], draws[1], 11)
        assert meld.tolist() == [50, 0]
        assert all(e[0] in (two.EV_LEAD, two.EV_FOLLOW) for e in ev[5:])           # phase 2: tricks only


def test_the_play_position_from_both_players_melds():
    """The position the worlds are dealt from: a card your opponent leads from his table
    leaves it; a card he melded and played since is a seen card, not a third copy; a dix
    exchanged is the card under the stock; no meld before a trick is won (review of
    issue 39's first cut)."""
    from analyzer.games.pinochle.questions import play2
    seen4 = "9C JC 9D JD"
    a = play2(HAND, trump="S", lead="KH", seen=seen4, their_melded="KH QH", deals=20)
    # their table: Q♥ alone (K♥ led from it); hidden: 12 - 1 led - 1 on the table
    assert a.meta["unseen"] == 48 - 12 - 4 - 1 - 1
    b = play2("AS TS KS QS JS QS JD KD QD 9H AC KH", trump="S", seen="KH 9C JC 9D", lead="JH",
              their_melded="KH QH", deals=20)
    assert b.meta["their_meld_so_far"] == 20
    c = play2(HAND, upcard="9S", seen=seen4, melded="9S", deals=20)
    assert c.meta["meld_so_far"] == 10
    with pytest.raises(InputError, match="0 tricks"):
        play2(HAND, trump="S", melded="KS QS", deals=20)
    with pytest.raises(InputError, match="3 melds laid in 2 tricks"):
        play2(HAND, trump="S", seen=seen4, melded="KS QS, KD QD", their_melded="KH QH", deals=20)


def test_both_past_the_target_raises_it_by_250_until_one_is_short():
    """Both past 1000 at the end of a hand with no call: the target becomes 1250, then
    1500, ...; 1300 against 1600 is decided at 1500 for the second player."""
    options = Options2()
    out = np.zeros(two.N_RESULT, np.int64)
    out[two.R_CALLED] = -1
    out[two.R_MELD0], out[two.R_MELD1] = 400, 700          # from 900 : 900 to 1300 : 1600
    scores = np.array([900, 900], np.int64)
    cards = np.empty(48, np.int64)
    winner, played, _ = two.game_on(np.uint64(1), out, scores, 1000, 0, two.points_table(options),
                                    options.flags, two.POLICY, cards, np.zeros(2, np.uint64),
                                    np.empty(two.STOCK, np.int64), np.zeros((two.MAX_EVENTS, 5), np.int64))
    assert (winner, played) == (1, 1) and scores.tolist() == [1300, 1600]


def test_the_play_questions_examples_are_its_own_worlds():
    """--examples: each world shown is the run's world i (the cards unseen, split between
    the opponent's concealed hand, the stock and the card under it, once each), and each
    card's net there is what world i adds to the run's sums (the run over i+1 worlds
    less the run over i)."""
    from analyzer.games.pinochle.deck import format_mask as fm
    from analyzer.games.pinochle.questions import play2
    kw = dict(trump="S", lead="TH", seen="9C JC 9H JH", seed=3, threads=1)
    a = play2(HAND, deals=120, examples=2, **kw)
    assert len(a.examples) == 2
    every = sorted(fm(sum(1 << b for b in range(64) if (b & 15) < 12)).split())
    for ex in a.examples:
        h = ex["hands"]
        shown = (h["you"] + " " + h["opponent (concealed)"] + " " + h["stock (next first)"] + " "
                 + h["under the stock"] + " 9C JC 9H JH TH").split()
        assert sorted(shown) == every
        i = ex["deal"]
        upto = {r.card: r.net * (i + 1) for r in play2(HAND, deals=i + 1, **kw).table.itertuples()}
        before = {r.card: r.net * i for r in play2(HAND, deals=i, **kw).table.itertuples()} if i else {}
        for o in ex["options"]:
            card = o["action"].split()[1]
            assert o["ev"] == pytest.approx(upto[card] - before.get(card, 0.0))
    (w0, b0), (w1, b1) = [(o["ev"] for o in ex["options"]) for ex in a.examples]
    assert (w0 < b0) != (w1 < b1)            # one world where the best does worse, one where it does better
