"""Three-handed Pinochle (``shared/rules/pinochle-three-handed.md``): the fifteen-trick
loop (``play.play_out`` with three hands) checked card by card by the plain-Python rules
(``tests/reference/pinochle.py``) on random deals, the burial, the settlement table, and
the ``bid --players 3`` question."""

from __future__ import annotations

import json

import numpy as np
import pytest

from analyzer.games.pinochle import questions as q
from analyzer.games.pinochle.deck import BIT_OF, DECK_MASK as DECK, LANE, format_mask, mask_of
from analyzer.games.pinochle.meld import meld_cards
from analyzer.games.pinochle.play import TRACE_COLS, bury3, card_tables, play_hand
from analyzer.games.pinochle.rules import Options3, rule_tables
from analyzer.games.pinochle.scoring import DOUBLE_BETE, MADE, SINGLE_BETE, settle, unit_value
from analyzer.errors import InputError
from tests.reference import pinochle as ref
from tests.test_reference_pinochle import replay

RULES, VALS = rule_tables(), card_tables()


def _cli(capsys, *args):
    """``analyzer pinochle ARGS``: (exit code, stdout, stderr)."""
    from analyzer.cli.main import main
    try:
        code = main(["pinochle", *args])
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err
HAND = "AS TS KS QS JS QS JD KD QD 9H AC AC AH KH TC"


def _deal(rng):
    ids = rng.permutation(48)
    return [np.uint64(sum(1 << int(BIT_OF[c]) for c in ids[15 * s:15 * s + 15])) for s in range(3)]


@pytest.mark.parametrize("seed", range(6))
def test_fifteen_tricks_are_legal_and_scored_as_the_reference_says(seed):
    """The plain-Python rules replay the kernel's trace: three seats clockwise, every card
    legal, the winner leads next, the declarer's points and tricks as the kernel counts."""
    rng = np.random.default_rng(seed)
    trump, declarer = int(rng.integers(4)), int(rng.integers(3))
    hands = np.array(_deal(rng), np.uint64)
    dealt = {s: [(b // 16, (b % 16) // 2) for b in range(64) if (int(hands[s]) >> b) & 1] for s in range(3)}
    trace = np.full((45, TRACE_COLS), -1, np.int64)
    packed = play_hand(RULES[trump], VALS[trump], hands.copy(), np.int64(declarer), trace, True, np.int64(0),
                       np.uint64(0))
    held, points, tricks = replay(trace, declarer, trump, seats=3)
    assert {s: sorted(h) for s, h in held.items()} == {s: sorted(h) for s, h in dealt.items()}
    # 250 in play less the counters of the three cards not dealt (the widow, buried)
    left_out = [(b // 16, (b % 16) // 2) for b in range(64)
                if (int(DECK) >> b) & 1 and not any((int(h) >> b) & 1 for h in hands)]
    assert len(left_out) == 3
    assert points[0] + points[1] == 250 - sum(ref.card_points(c) for c in left_out)
    assert int(packed) >> 4 == points[0] and int(packed) & 15 == tricks[0]


def test_the_burial_is_three_unmelded_cards_plain_first():
    full = np.uint64(mask_of(q.parse_hand(HAND + " 9S 9C KC", "hand", 18)))
    for t in range(4):
        lane = LANE[t]
        melded = np.uint64(meld_cards(full, np.int64(t), False))
        b = bury3(VALS[t], full, lane, melded)
        assert bin(int(b)).count("1") == 3 and int(b) & ~int(full) == 0
        assert int(b) & int(melded) == 0                       # never a card he melds
        plain_free = int(full) & ~int(melded) & ~int(lane)
        if bin(plain_free).count("1") >= 3:
            assert int(b) & int(lane) == 0                     # no trump while plain cards may go


def test_settlement_table():
    # unit values by bracket, doubled with spades trump (S C D H = 0..3)
    assert [unit_value(b, trump=1) for b in (300, 340, 350, 390, 400, 450, 500, 550, 590, 600, 750)] == \
        [3, 3, 5, 5, 10, 15, 20, 25, 25, 30, 30]
    assert unit_value(350, trump=0) == 10 and unit_value(350, trump=0, multipliers="none") == 5
    assert unit_value(350, trump=3, multipliers="spades_hearts") == 15
    assert [unit_value(b, "1-2-4-6-8-10", 1) for b in (300, 350, 400, 450, 500, 550)] == [1, 2, 4, 6, 8, 10]
    # made: each pays the unit; conceded (single bete): the bidder pays each the unit; failed: twice
    assert settle(400, 1, MADE) == 10 and settle(400, 1, SINGLE_BETE) == -10 and settle(400, 1, DOUBLE_BETE) == -20
    assert settle(400, 0, DOUBLE_BETE) == -40


def test_options():
    assert Options3.parse(["skip_40_90=yes"]).bids(400) == [300, 310, 320, 330, 350, 360, 370, 380, 400]
    assert Options3.parse(["min_bid=250"]).bids(270) == [250, 260, 270]
    with pytest.raises(InputError, match="not built yet"):
        Options3.parse(["mode=points"])


@pytest.fixture(scope="module")
def answer():
    return q.bid3(HAND, deals=600, seed=2, threads=1)


def test_bid_rows(answer):
    t = answer.table
    bids = t[t["action"] == "bid"]
    assert set(bids["trump"]) == {"after the widow", "S", "C", "D", "H"}
    for trump, rows in bids.groupby("trump"):
        p = rows["p_make"].to_numpy()
        assert (np.diff(p) <= 1e-12).all()                    # a higher bid never makes more often
        assert ((rows["p_make_lo"] <= rows["p_make"]) & (rows["p_make"] <= rows["p_make_hi"])).all()
        if trump != "after the widow":
            # every deal scores units * the trump's multiplier from each of two players, +1 made,
            # -2 failed, -1 conceded (c): EV = 2 u m (p - 2 (1 - p - c) - c) = 2 u m (3 p + c - 2)
            t_ix = "SCDH".index(trump)
            u = np.array([unit_value(int(b), trump=t_ix) for b in rows["bid"]])
            c = rows["p_concede"].to_numpy()
            assert np.allclose(rows["ev"].to_numpy(), 2 * u * (3 * p + c - 2))
            assert (np.diff(c) >= -1e-12).all()               # a higher bid is conceded at least as often
    assert answer.meta["deals"] == 600 and answer.meta["players"] == 3 and answer.meta["seat"] == 1


def test_call_rows_and_the_recommendation(answer):
    """The eldest opens (no pass row under eldest_forced); the best call's difference from
    itself is 0; the recommendation is the least committal call not measurably worse."""
    calls = answer.table[answer.table["action"].isin(["pass", "call"])].reset_index(drop=True)
    assert list(calls["action"].unique()) == ["call"] and calls["bid"].iloc[0] == 300
    assert (np.diff(calls["bid"].to_numpy(dtype=int)) == 10).all()
    top = calls["ev"].idxmax()
    assert calls.loc[top, "vs_best"] == 0
    even = calls[calls["vs_best_hi"] >= 0]
    assert answer.best == f"bid {even['bid'].iloc[0]}"
    assert ((calls["p_make"] <= calls["p_i_bid"] + 1e-12) & (calls["p_i_bid"] <= 1)).all()


def _policy_call(value, cur, seat, ladder, margin):
    """The three-seat policy's call in plain Python (``bidding.call3``): -1 pass, else the
    ladder index: while the next bid is at most value - margin, the bid up to there with
    the most units * (3 P(make) - 2), P(make) from a normal about the value (sd
    TOTAL3_SD); the eldest opens at the minimum rather than pass before a bid."""
    import math
    from analyzer.games.pinochle.bidding import TOTAL3_SD
    k = cur + 1
    if ladder[k] <= value - margin:
        def ev(j):
            p = 0.5 * (1 + math.erf((value - ladder[j]) / (TOTAL3_SD * math.sqrt(2))))
            return unit_value(ladder[j], trump=1) * (3 * p - 2)
        cands = [j for j in range(k, len(ladder)) if ladder[j] <= value - margin]
        return max(cands, key=lambda j: (ev(j), -j))
    return 0 if seat == 0 and cur < 0 else -1


def _auction_reference(values, seat, cur, holder, passed, ladder, margin, forced):
    """The policy's auction in plain Python (``bidding.auction3``): (bidder, ladder index),
    (-1, -1) when all pass and the deal is redealt."""
    assert forced
    while True:
        n_passed = bin(passed).count("1")
        if (cur >= 0 and n_passed >= 2) or n_passed >= 3:
            break
        if not (passed >> seat) & 1:
            k = _policy_call(values[seat], cur, seat, ladder, margin)
            if k >= 0:
                cur, holder = k, seat
            else:
                passed |= 1 << seat
        seat = (seat + 1) % 3
    return (holder, cur) if cur >= 0 else (-1, -1)


@pytest.mark.parametrize("auction,hand,condition", [
    ("300", "9S JS 9H JH TH 9D TD 9C JC TC KC 9C QD JD 9D", "policy"), ("300 pass", HAND, "policy"),
    ("", "9S JS 9H JH TH 9D TD 9C JC TC KC 9C QD JD 9D", "policy"), ("300 310", HAND, "none")])
def test_call_rows_against_a_plain_auction_on_the_same_deals(auction, hand, condition):
    """Every row's EV and counts, recomputed deal by deal in plain Python: the same draws
    (the kernel's streams) kept when the policy makes the calls heard (with ``condition``
    "none" the first draw, whatever the others hold), the auction after
    each call by the plain rules above, the bidder's total from ``bidder_total3`` and the
    settlement in units (bidder +2u made, -4u failed, -2u conceded; a defender -u, +2u,
    +u; nothing when the forced eldest concedes unseen)."""
    from analyzer.games.pinochle.bidding import DEFAULT_CONCEDE3, DEFAULT_POLICY3, P_MARGIN, valuation
    from analyzer.games.pinochle.play import bidder_total3, named_trump3
    from analyzer.sim.deal import _deal_into
    from analyzer.sim.rng import seed_key, stream_key

    n = 40
    a = q.bid3(hand, auction=auction, deals=n, seed=5, threads=1, condition=condition, examples=2)
    calls = a.table[a.table["action"].isin(["pass", "call"])].reset_index(drop=True)
    options = Options3()
    ladder = options.bids(2000)
    margin = DEFAULT_POLICY3[P_MARGIN]
    heard = [(-1 if w == "pass" else ladder.index(int(w))) for w in auction.split()]
    mine = np.uint64(mask_of(q.parse_hand(hand, "hand", 15)))
    pool = q._pool(q.parse_hand(hand, "hand", 15))
    asker = a.meta["seat"] - 1
    key0 = np.uint64(stream_key(seed_key(5), np.int64(1) << 40))
    counts = np.array([3, 15, 15], np.int64)
    buf, deal = np.empty(len(pool), np.int64), np.empty(3, np.uint64)
    hands, trace = np.empty(3, np.uint64), np.empty((1, TRACE_COLS), np.int64)
    v4 = np.empty(4)
    ev = np.zeros(len(calls))
    per_deal, dealt = {}, {}
    used = 0
    for i in range(n):
        key = np.uint64(stream_key(key0, i))
        for d in range(q.MAX_DRAWS3):
            _deal_into(np.uint64(stream_key(key, d)), pool, counts, np.zeros(3, np.uint64), buf, deal)
            seats = [None] * 3
            seats[asker], seats[(asker + 1) % 3], seats[(asker + 2) % 3] = mine, deal[1], deal[2]
            values = []
            for s in range(3):
                valuation(np.uint64(seats[s]), DEFAULT_POLICY3, False, v4)
                values.append(v4.max())
            cur, holder, passed, seat, ok = -1, -1, 0, 0, True
            for c in heard:
                while (passed >> seat) & 1:
                    seat = (seat + 1) % 3
                if seat != asker and condition == "policy":
                    if c < 0:
                        ok = not (cur + 1 < len(ladder) and ladder[cur + 1] <= values[seat] - margin)
                    else:
                        ok = ladder[c] <= values[seat] - margin or (seat == 0 and cur < 0 and c == 0)
                if not ok:
                    break
                if c < 0:
                    passed |= 1 << seat
                else:
                    cur, holder = c, seat
                seat = (seat + 1) % 3
            if ok:
                break
        assert ok
        used += 1
        dealt[i] = {f"seat {s + 1}": format_mask(np.uint64(seats[s])) for s in range(3)}
        dealt[i]["widow"] = format_mask(np.uint64(deal[0]))
        for r, row in calls.iterrows():
            p2, c2, h2 = passed, cur, holder
            if row["action"] == "pass":
                p2 |= 1 << asker
            else:
                c2, h2 = ladder.index(int(row["bid"])), asker
            b, k = _auction_reference(values, (asker + 1) % 3, c2, h2, p2, ladder, margin, True)
            if b == 0 and k == 0 and values[0] - margin < ladder[0]:
                continue             # forced to open and left there: conceded unseen, for nothing
            full = np.uint64(seats[b] | deal[0])
            t = named_trump3(RULES, full, False)
            total, _, _, limit = bidder_total3(RULES[t], VALS[t], t, full, np.uint64(seats[(b + 1) % 3]),
                                               np.uint64(seats[(b + 2) % 3]), False, hands, trace, DEFAULT_CONCEDE3)
            u = unit_value(ladder[k], trump=t)
            if ladder[k] > limit:
                g = -2 * u if b == asker else u
            else:
                made = total >= ladder[k]
                g = (2 * u if made else -4 * u) if b == asker else (-u if made else 2 * u)
            ev[r] += g
            per_deal[i, r] = g
    assert a.meta["deals"] == used == n and a.meta["condition"] == condition
    assert np.allclose(calls["ev"].to_numpy(), ev / n)
    if condition == "none":
        assert any("--condition none" in note for note in a.notes)
    # the example deals: the hands as the reference drew them, each call's units on that deal
    row_of = {("pass" if r["action"] == "pass" else f"bid {int(r['bid'])}"): j for j, r in calls.iterrows()}
    assert a.examples or any("nothing to show" in note for note in a.notes)
    for ex in a.examples:
        assert ex["hands"] == dealt[ex["deal"]] and ex["you"] == f"seat {asker + 1}"
        for o in ex["options"]:
            assert o["ev"] == pytest.approx(per_deal.get((ex["deal"], row_of[o["action"]]), 0.0))


def test_a_weak_hand_passes_and_the_bad_calls_are_refused(capsys):
    a = q.bid3("9S JS 9H JH TH 9D TD 9C JC TC KC 9C QD JD 9D", auction="300", deals=2000, seed=1)
    assert a.best == "pass" and a.meta["seat"] == 2
    p = a.table[a.table["action"] == "pass"].iloc[0]
    assert p["p_i_bid"] == 0 and p["p_make"] == 0
    for auction, rules in (("pass", None), ("300 pass pass", None), ("300 305", None), ("300 290", None),
                           ("300 340", ["skip_40_90=yes"]), ("300 x", None)):
        with pytest.raises(InputError):
            q.bid3(HAND, auction=auction, deals=10, rules=rules)
    with pytest.raises(InputError):
        q.bid3(HAND, auction="300", seat=3, deals=10)
    # other all-pass rules: the eldest may pass; two passes leave the dealer a pass row
    r = q.bid3(HAND, auction="pass pass", deals=200, seed=1, rules=["all_pass=redeal"])
    assert r.meta["seat"] == 3 and "pass" in set(r.table["action"])
    assert r.table.loc[r.table["action"] == "pass", "p_redeal"].iloc[0] == 1.0


def test_same_seed_same_answer_on_one_and_two_threads(answer):
    other = q.bid3(HAND, deals=600, seed=2, threads=2)
    assert other.table.equals(answer.table) and other.recommendation == answer.recommendation


def test_the_command_and_its_bad_input(capsys):
    def run(*args):
        return _cli(capsys, "bid", *args)

    code, out, _ = run(HAND, "--players", "3", "--deals", "300", "--json")
    assert code == 0 and json.loads(out)["players"] == 3
    for args in ([HAND + " 9S", "--players", "3"], [HAND, "--players", "3", "--seat", "2"],
                 [HAND, "--players", "3", "--auction", "300 pass pass"],
                 [HAND, "--players", "3", "--rule", "mode=points"], [HAND, "--players", "3", "--play", "dd"]):
        code, out, err = run(*args)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (args, err)


# ----------------------------------------------------------------------------- bury
HAND18 = "AS TS KS QS JS QS JD KD QD 9H AC AC AH KH TC 9S TD 9C"


def test_burial_options_are_legal_and_include_the_policy():
    full = int(mask_of(q.parse_hand(HAND18, "hand", 18)))
    options = Options3()
    for t in range(4):
        sets, policy, legal = q.bury_options(full, t, options)
        melded = int(meld_cards(np.uint64(full), np.int64(t), False))
        kinds = set()
        for m in sets:
            assert bin(m).count("1") == 3 and m & ~full == 0 and m & melded == 0
            kinds.add(tuple(sorted(b >> 1 for b in range(64) if (m >> b) & 1)))
        assert len(kinds) == len(sets) and policy in sets          # distinct up to identical copies
        assert len(sets) <= q.MAX_BURY_OPTIONS + 1 and legal >= len(sets) - 1


@pytest.fixture(scope="module")
def buried():
    return q.bury(HAND18, trump="S", bid=350, deals=400, seed=3, threads=1)


def test_bury_rows(buried):
    t = buried.table
    p = t["p_make"].to_numpy()
    assert (np.diff(p) <= 1e-12).all() and buried.best == f"bury {t['burial'].iloc[0]}"
    # the paired difference of made indicators is the difference of the rates, deal for deal
    assert np.allclose(t["vs_best"].to_numpy(), p - p[0])
    assert (t["vs_best_lo"] <= t["vs_best"]).all() and (t["vs_best"] <= t["vs_best_hi"]).all()
    u = unit_value(350, trump=0)                                 # spades doubled
    assert np.allclose(t["ev"].to_numpy(), u * (3 * p - 2))
    assert t["policy"].sum() == 1 and buried.meta["meld"] > 0


def test_bury_is_the_same_on_one_and_two_threads(buried):
    other = q.bury(HAND18, trump="S", bid=350, deals=400, seed=3, threads=2)
    assert other.table.equals(buried.table) and other.recommendation == buried.recommendation


def test_bury_command_and_its_bad_input(capsys):
    def run(*args):
        return _cli(capsys, "bury", *args)

    code, out, _ = run(HAND18, "--trump", "S", "--deals", "200", "--top", "3")
    assert code == 0 and "Recommendation: " in out and "→" in out
    for args in ([HAND18 + " 9D", "--trump", "S"], [HAND18, "--trump", "S", "--bid", "345"],
                 [HAND18, "--trump", "X"], [HAND18, "--trump", "S", "--players", "4"]):
        code, out, err = run(*args)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (args, err)


# ----------------------------------------------------------------------------- lead
HAND15 = "AS TS KS QS JS QS JD KD QD AC AC AH KH TC 9S"


@pytest.fixture(scope="module")
def led():
    return q.lead(HAND15, "S", bid=350, buried="9H TD 9C", deals=300, seed=4, threads=1, players=3)


def test_lead_rows_against_plain_play_outs(led):
    """Each lead's P(make) and mean trick points recomputed deal by deal from the same
    deals: the trick loop with the lead forced (its first card is the lead), his total
    meld + buried points + trick points against the bid."""
    from analyzer.games.pinochle.meld import meld_points
    from analyzer.games.pinochle.play import play_out
    from analyzer.sim.deal import _deal_into
    from analyzer.sim.rng import seed_key, stream_key
    from analyzer.tricks.points import mask_points

    t = led.table
    assert t["vs_best"].iloc[0] == 0 and (np.diff(t["p_make"].to_numpy()) <= 1e-12).all()
    ids = q.parse_hand(HAND15 + " 9H TD 9C", "hand", 18)
    mine, buried = np.uint64(mask_of(ids[:15])), np.uint64(mask_of(ids[15:]))
    assert led.meta["meld_yours"] == meld_points(np.uint64(mine | buried), np.int64(0), False)
    # every card of the hand is in exactly one lead class
    from analyzer.games.pinochle.deck import parse_hand as ph
    classes = [mask_of(ph(e, "e")) for e in t["equivalent"]]
    assert sum(classes) == int(mine) and all(a & b == 0 for i, a in enumerate(classes) for b in classes[i + 1:])
    pool = q._pool(ids)
    counts = np.array([0, 15, 15], np.int64)
    key0 = seed_key(4)
    buf, deal = np.empty(len(pool), np.int64), np.empty(3, np.uint64)
    trace = np.empty((45, TRACE_COLS), np.int64)
    made = np.zeros(len(t))
    pts = np.zeros(len(t))
    bp = mask_points(VALS[0], buried)
    for i in range(300):
        _deal_into(np.uint64(stream_key(key0, i)), pool, counts, np.zeros(3, np.uint64), buf, deal)
        for j, card in enumerate(t["lead"]):
            code = int(BIT_OF[q.parse_hand(card, "c")[0]])
            hands = np.array([mine, deal[1], deal[2]], np.uint64)
            packed = play_out(RULES[0], VALS[0], hands, np.int64(0), trace, True, np.int64(0), np.uint64(0),
                              np.int64(code), np.int64(0), np.int64(0), np.int64(0), np.int64(0), None,
                              np.uint64(0), None, None, None, None)
            assert trace[0, 1] == 0 and trace[0, 2] == code
            made[j] += led.meta["meld_yours"] + bp + (packed >> 4) >= 350
            pts[j] += packed >> 4
    assert np.allclose(t["p_make"], made / 300) and np.allclose(t["mean_points"], pts / 300)


def test_lead_same_on_two_threads_and_bad_input(led, capsys):
    other = q.lead(HAND15, "S", bid=350, buried="9H TD 9C", deals=300, seed=4, threads=2, players=3)
    assert other.table.equals(led.table)
    for kw in (dict(buried="9H TD"), dict(buried="AS AS TS"), dict(play="dd"), dict(passed="9H TD 9C 9D"),
               dict(bid=345)):
        with pytest.raises(InputError):
            q.lead(HAND15, "S", players=3, deals=10, **dict({"buried": "9H TD 9C"}, **kw))
    with pytest.raises(InputError):
        q.lead("AS AS TS KS QS QS JS 9S AH KH QH JD", "S", buried="9H TD 9C", deals=10)
    code, out, _ = _cli(capsys, "lead", HAND15, "--players", "3", "--trump", "S", "--deals", "100", "--json")
    assert code == 0 and json.loads(out)["play"] == "heuristic"
    code, out, err = _cli(capsys, "lead", HAND15, "--players", "3", "--trump", "S", "--play", "dd")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
