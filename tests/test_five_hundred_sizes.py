"""Five Hundred at every table size (2 to 6 players): decks and card order, dealing
marginals, sides, heuristic play-outs replayed through the reference rules, scoring,
double-dummy endings against brute force, determinism, bad input, and the four-handed
answers unchanged (``scripts/golden_500.py``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer.cli.main import cli
from analyzer.errors import InputError
from analyzer.games.five_hundred import play
from analyzer.games.five_hundred.bidding import parse_contract
from analyzer.games.five_hundred.deck import N_TRICKS, table
from analyzer.games.five_hundred.play import TR_WINNER, TRACE_COLS
from analyzer.games.five_hundred.questions import contract_only, ev_by_tricks
from analyzer.games.five_hundred.rules import (STRAIN_NAMES, Options, layouts, opponent_units, rule_table,
                                               sides_rule)
from analyzer.sim.deal import deal_batch
from analyzer.tricks.tables import R_FREE, R_SUIT, R_TRUMP
from tests.reference import five_hundred as ref

SIZES = (2, 3, 4, 5, 6)
ROOT = Path(__file__).resolve().parent.parent
SIDE_RULES = {2: [None], 3: [None], 4: [None], 5: ["call", "choose"], 6: ["threes", "pairs"]}


def run_main(args, capsys):
    """(exit status, stdout + stderr) of the CLI entry point, which turns bad input into
    one line and status 2."""
    from tests.cli_run import run_cli
    code, out, err = run_cli(args, capsys)
    return code, out + err


def option_of(players, rule):
    if players == 5:
        return Options(five_partner=rule)
    if players == 6:
        return Options(six_teams=rule)
    return Options()


def cards_of(tab, mask, strain):
    id_of = layouts(tab)[1]
    return {tab.deck.format(int(id_of[strain, b])) for b in range(64) if (int(mask) >> b) & 1}


def mask_of(tab, cards, strain):
    bit_of = layouts(tab)[0]
    m = 0
    for c in cards:
        m |= 1 << int(bit_of[strain, tab.deck.card_id(c)])
    return np.uint64(m)


# ----------------------------------------------------------------------------- decks
@pytest.mark.parametrize("players", SIZES)
def test_deck_contents(players):
    tab = table(players)
    assert tab.deck.size == {2: 33, 3: 33, 4: 43, 5: 53, 6: 63}[players]
    assert sorted(tab.deck.format(i) for i in range(tab.deck.size)) == sorted(ref.deck_for(players))
    assert tab.deck.format(tab.joker_id) == "JK"
    assert len(tab.seat_names) == players


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("strain", range(6))
def test_layouts_follow_the_reference_order(players, strain):
    """Every card's effective suit and, within a suit, the order of the bits are the
    reference's; the joker is free in no-trumps and misère."""
    tab = table(players)
    rules = rule_table(strain, Options(), tab)
    name = STRAIN_NAMES[strain]
    bit_of = layouts(tab)[0]
    by_suit = {s: [] for s in ref.SUITS}
    for c in ref.deck_for(players):
        m = int(mask_of(tab, [c], strain))
        eff = ref.effective_suit(c, name)
        if eff is None:
            assert m == int(rules[R_FREE]) and m & int(rules[R_TRUMP])
            continue
        assert m & int(rules[R_SUIT + ref.SUITS.index(eff)]), f"{c} not in suit {eff} in {name}"
        by_suit[eff].append(c)
    for s, cards in by_suit.items():
        by_power = sorted(cards, key=lambda c: ref.power(c, name))
        by_bit = sorted(cards, key=lambda c: int(bit_of[strain, tab.deck.card_id(c)]))
        assert by_power == by_bit, f"{players} players, {name}: suit {s} out of order"
    assert len(set(bit_of[strain, :tab.deck.size].tolist())) == tab.deck.size


def test_bad_cards_are_refused():
    for players, card in ((3, "6C"), (4, "12H"), (5, "11S"), (6, "13S"), (2, "5D")):
        with pytest.raises(InputError, match="not a card"):
            table(players).deck.card_id(card)
    assert table(6).deck.format(table(6).deck.card_id("13H")) == "13H"
    for bad in (1, 7, "x"):
        with pytest.raises(InputError, match="--players must be 2 to 6"):
            table(bad)


# ----------------------------------------------------------------------------- dealing
@pytest.mark.parametrize("players", SIZES)
def test_dealing_marginals(players):
    """P(joker in the kitty) = 3/size, P(in a given hand) = 10/size, within 4.5 standard
    errors over 40,000 deals; and given one's own 10 cards without the joker, 3/(size - 10)."""
    tab = table(players)
    n_hands = tab.n_seats + tab.dead_hands
    n = 40_000
    deals = deal_batch(5, 0, n, np.arange(tab.deck.size), np.array([3] + [10] * n_hands))
    joker = np.uint64(1) << np.uint64(tab.joker_id)
    where = (deals & joker) != 0
    assert (where.sum(axis=1) == 1).all()
    for slot, p in ((0, 3 / tab.deck.size), (1, 10 / tab.deck.size), (n_hands, 10 / tab.deck.size)):
        freq = where[:, slot].mean()
        assert abs(freq - p) < 4.5 * np.sqrt(p * (1 - p) / n), (slot, freq, p)
    from analyzer.games.five_hundred.questions import deal_slots
    own = [i for i in range(10)]
    pool, counts, fixed = deal_slots(tab, own)
    deals = deal_batch(6, 0, n, pool, counts, fixed)
    assert (deals[:, 1] == tab.deck.mask(own)).all()
    freq = ((deals[:, 0] & joker) != 0).mean()
    p = 3 / (tab.deck.size - 10)
    assert abs(freq - p) < 4.5 * np.sqrt(p * (1 - p) / n)
    assert p == pytest.approx(tab.kitty_share)


# ----------------------------------------------------------------------------- sides
def ref_called_card(hand, discards, strain, players):
    """The five-handed call, from the rules' wording: the highest trump the contractor lacks;
    in no-trumps the joker if he lacks it, else the highest card he lacks of his longest
    suit (the first such suit in S C D H order on ties); never a discard."""
    lacking = [c for c in ref.deck_for(players) if c not in hand and c not in discards]
    if strain in ref.SUITS:
        trumps = [c for c in lacking if ref.effective_suit(c, strain) == strain]
        return max(trumps, key=lambda c: ref.power(c, strain))
    if ref.JOKER in lacking:
        return ref.JOKER
    best, best_len = None, -1
    for s in ref.SUITS:
        mine = [c for c in hand if c != ref.JOKER and ref.effective_suit(c, strain) == s]
        theirs = [c for c in lacking if c != ref.JOKER and ref.effective_suit(c, strain) == s]
        if theirs and len(mine) > best_len:
            best_len, best = len(mine), max(theirs, key=lambda c: ref.power(c, strain))
    return best


def replay(trace, start, contractor, active, strain, nominated, n_seats):
    """Replay a play-out's trace through the reference: every card legal, tricks won as
    the rules say; returns the trick winners in order."""
    seats = [s for s in range(n_seats) if s in active]
    rows = [r for r in trace.tolist() if r[0] >= 0]
    assert len(rows) == N_TRICKS * len(seats)
    hands = {s: set(h) for s, h in start.items()}
    suits_led, leader, winners = set(), contractor, []
    for t in range(N_TRICKS):
        trick = rows[t * len(seats):(t + 1) * len(seats)]
        order = seats[seats.index(leader):] + seats[:seats.index(leader)]
        assert [r[1] for r in trick] == order
        cards = [r[2] for r in trick]
        led = ref.SUITS[trick[0][3]]
        assert (cards[0], led) in ref.legal_leads(sorted(hands[leader]), suits_led, strain, nominated)
        for seat, card in zip(order[1:], cards[1:]):
            assert card in ref.legal_follows(sorted(hands[seat]), led, strain, nominated)
        for seat, card in zip(order, cards):
            hands[seat].remove(card)
        suits_led.add(led)
        leader = order[ref.trick_winner(cards, strain, nominated, led)]
        winners.append(leader)
    assert all(not h for h in hands.values())
    return winners


@pytest.mark.parametrize("players,rule", [(p, r) for p in SIZES for r in SIDE_RULES[p]])
def test_play_outs_follow_the_rules_at_every_size(players, rule):
    """play_deal_table on dealt hands in every strain (misère and open misère too), the
    contractor at every seat: each card is legal by the reference, each trick goes where
    the reference says, the sides are the reference's (a fixed partner sits out of
    misère), and the tricks counted are the contractor side's."""
    tab = table(players)
    options = option_of(players, rule)
    sides = sides_rule(players, options)
    rng = random.Random(players * 10 + len(rule or ""))
    n_hands = tab.n_seats + tab.dead_hands
    deals = deal_batch(players, 0, 240, np.arange(tab.deck.size), np.array([3] + [10] * n_hands))
    for i, row in enumerate(deals):
        strain = i % 7
        kind_strain = min(strain, 5)
        name = STRAIN_NAMES[kind_strain]
        misere, open_misere = strain >= 5, strain == 6
        contractor = rng.randrange(tab.n_seats)
        rules = rule_table(kind_strain, options, tab)
        hands_ids = [tab.deck.ids_in(int(row[1 + s])) for s in range(tab.n_seats)]
        dealt = [{tab.deck.format(c) for c in h} for h in hands_ids]
        kitty = {tab.deck.format(c) for c in tab.deck.ids_in(int(row[0]))}
        masks = np.array([mask_of(tab, h, kind_strain) for h in dealt], np.uint64)
        trace = np.empty((N_TRICKS * tab.n_seats, TRACE_COLS), np.int64)
        taken = play.play_deal_table(rules, masks, mask_of(tab, kitty, kind_strain), np.int64(tab.n_seats),
                                     np.int64(sides), np.int64(contractor), misere, open_misere, trace, True,
                                     np.empty_like(rules))
        id_of = layouts(tab)[1]
        rows = [[r[0], r[1], tab.deck.format(int(id_of[kind_strain, r[2]])), r[3]] if r[0] >= 0 else r
                for r in trace.tolist()]
        kept = {r[2] for r in rows if r[0] >= 0 and r[1] == contractor}
        thirteen = dealt[contractor] | kitty
        assert kept <= thirteen and len(kept) == 10
        discards = thirteen - kept
        holder = None
        if players == 5 and rule == "call" and not misere:
            called = ref_called_card(kept, discards, name, players)
            holder = next(s for s in range(players) if s != contractor and called in dealt[s])
        side = ref.contractor_side(players, contractor, rule, holder)
        if misere:
            active = set(range(players)) - (side - {contractor} if not (players == 5) else set())
            side = {contractor}
        else:
            active = set(range(players))
        start = {s: (kept if s == contractor else dealt[s]) for s in active}
        nominated = None
        if name in ("NT", "MIS") and ref.JOKER in kept:
            longest = max(ref.SUITS, key=lambda s: (sum(ref.effective_suit(c, name) == s for c in kept),
                                                    -ref.SUITS.index(s)))
            nominated = longest
        rows_arr = np.array([[r[0], r[1], 0, r[3]] for r in rows], dtype=object)
        rows_arr[:, 2] = [r[2] for r in rows]
        winners = replay(rows_arr, start, contractor, active, name, nominated, players)
        assert taken == sum(w in side for w in winners)
        played = [r for r in trace.tolist() if r[0] >= 0]
        assert [r[TR_WINNER] for k, r in enumerate(played) if k == 0 or played[k - 1][0] != r[0]] == winners
        for s in set(range(players)) - active:
            assert masks[s] == mask_of(tab, dealt[s], kind_strain), "a seat sitting out played"


@pytest.mark.parametrize("players,rule", [(p, r) for p in SIZES for r in SIDE_RULES[p]])
def test_scoring_of_each_side(players, rule):
    """EV = the contractor's score minus the defenders' 10 a trick shared among the opposing
    scoring units (3 players: two defenders; 5: three (four in misère) players; 6 pairs:
    two teams)."""
    tab = table(players)
    options = option_of(players, rule)
    units = {2: 1, 3: 2, 4: 1, 5: 3, 6: 1 if rule == "threes" else 2}[players]
    for contract in ("6S", "8H", "10NT", "MIS", "OPENMIS"):
        c = parse_contract(contract)
        ev = ev_by_tricks(c, tab, options)
        for t in range(11):
            ours, theirs = ref.score(contract, t)
            assert ev[t] == pytest.approx(ours - theirs / units)
        assert opponent_units(players, options, c.is_misere) == (4 if players == 5 and c.is_misere else units)


# ----------------------------------------------------------------------------- double-dummy
@pytest.mark.parametrize("players", (2, 3, 5, 6))
def test_solver_endings_at_every_size_match_brute_force(players):
    """Three-trick endings (from real deals' layouts, every strain, sides per the table)
    solved by the solver and by the plain-Python minimax."""
    from analyzer.tricks.dd import Solver
    from tests.reference.minimax import solve as brute
    tab = table(players)
    rng = random.Random(players)
    solver = Solver(1.0)
    for i in range(24):
        strain = i % 6
        options = Options()
        rules = rule_table(strain, options, tab)
        ids = rng.sample(range(tab.deck.size), 3 * players)
        hands = [tab.deck.mask(ids[3 * s:3 * s + 3]) for s in range(players)]
        lay = [int(mask_of(tab, [tab.deck.format(c) for c in tab.deck.ids_in(h)], strain)) for h in hands]
        contractor = rng.randrange(players)
        side = 1 << contractor
        if players == 5:
            side |= 1 << ((contractor + 2) % 5)
        if players == 6:
            side |= (1 << ((contractor + 2) % 6)) | (1 << ((contractor + 4) % 6))
        full = (1 << players) - 1
        if strain == 5:
            want = brute(rules, lay, contractor, full & ~(1 << contractor), n_seats=players,
                         count_side=1 << contractor)
            got = solver.solve(rules, lay, contractor, full & ~(1 << contractor), n_seats=players,
                               count_side=1 << contractor)
        else:
            want = brute(rules, lay, contractor, side, n_seats=players)
            got = solver.solve(rules, lay, contractor, side, n_seats=players)
        assert got == want, (players, strain, i)


@pytest.mark.parametrize("players", (3, 5, 6))
def test_solve_command_at_other_sizes(players, capsys):
    tab = table(players)
    rng = random.Random(3)
    ids = list(range(tab.deck.size))
    rng.shuffle(ids)
    parts = [f"{name}: {tab.deck.format_cards(ids[10 * s:10 * s + 10])}" for s, name in enumerate(tab.seat_names)]
    parts.append(f"K: {tab.deck.format_cards(ids[10 * players:10 * players + 3])}")
    deal = "; ".join(parts)
    out = CliRunner().invoke(cli, ["500", "solve", "--deal", deal, "--players", str(players), "--contract", "7S",
                                   "--contractor", tab.seat_names[1], "--json"])
    assert out.exit_code == 0, out.output
    r = json.loads(out.stdout)
    assert r["players"] == players and 0 <= r["contractor_tricks"] <= 10
    assert r["leads"] and max(x["tricks"] for x in r["leads"]) == r["contractor_tricks"]
    assert len(r["partners"]) == {3: 0, 5: 1, 6: 2}[players]
    code, text = run_main(["500", "solve", "--deal", deal, "--players", str(players), "--contract", "7S",
                           "--contractor", "N" if players == 3 else "X"], capsys)
    assert code == 2 and "--contractor must be one of" in text and len(text.strip().splitlines()) == 1
    # worked by hand: the contractor holds the ten top spades (the joker, both bowers, then
    # the spades from the ace down), so every trick is his, with the kitty or not
    spades = [r + "S" for r in reversed(ref.ALL_RANKS) if r + "S" in ref.deck_for(players) and r != "J"]
    top = ["JK", "JS", "JC"] + spades[:7]
    rest = [tab.deck.format_cards([i]) for i in ids]
    rest = [c for c in rest if c.replace("10", "T") not in top]
    hands = [rest[10 * k:10 * k + 10] for k in range(players - 1)]
    seats = [" ".join(top)] + [" ".join(h) for h in hands]
    dealt = "; ".join(f"{name}: {cards}" for name, cards in zip(tab.seat_names[1:] + tab.seat_names[:1], seats))
    dealt += "; K: " + " ".join(rest[10 * (players - 1):10 * (players - 1) + 3])
    out = CliRunner().invoke(cli, ["500", "solve", "--deal", dealt, "--players", str(players), "--contract", "7S",
                                   "--contractor", tab.seat_names[1], "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["contractor_tricks"] == 10, (players, dealt)


# ----------------------------------------------------------------------------- questions
@pytest.mark.parametrize("players", SIZES)
def test_same_seed_same_answer_on_1_and_2_threads(players):
    tab = table(players)
    hand = tab.deck.format_cards([tab.deck.size - 2 - k for k in range(10)])
    a = contract_only(hand, deals=3000, seed=9, threads=1, players=players, contracts="7H,8NT,MIS")
    b = contract_only(hand, deals=3000, seed=9, threads=2, players=players, contracts="7H,8NT,MIS")
    assert a.to_json_dict() == b.to_json_dict()
    assert a.meta["players"] == players


def test_bid_cli_bad_input_at_other_sizes(capsys):
    cases = [
        (["500", "bid", "AH KH QH JH TH JD AS KS 6C 8C", "--players", "3"], "6C is not a card"),
        (["500", "bid", "AH KH QH JH TH JD AS KS 12C 8C"], "12C is not a card"),
        (["500", "bid", "AH KH QH JH TH JD AS KS 8C", "--players", "5"], "has 9 cards"),
        (["500", "bid", "AH KH QH JH TH JD AS KS 8C 7C", "--players", "7"], "--players must be 2 to 6"),
        (["500", "bid", "AH KH QH JH TH JD AS KS 8C 7C", "--players", "3", "--seat", "N"], "must be one of S W E"),
        (["500", "bid", "AH KH QH JH TH JD AS KS 8C 7C", "--players", "3", "--score", "100:200"], "takes 3 scores"),
    ]
    for args, message in cases:
        code, text = run_main(args, capsys)
        assert code == 2, (args, text)
        assert message in text and len(text.strip().splitlines()) == 1


def test_four_handed_answers_unchanged():
    """The four-handed answers of scripts/golden_500.py (recorded before the table sizes
    existed) are unchanged for the same seeds (run in this process: its kernels are
    compiled or loaded once)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("golden_500", ROOT / "scripts" / "golden_500.py")
    golden = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(golden)
    want = json.loads(golden.PATH.read_text())
    changed = [name for name, args in golden.COMMANDS.items()
               if golden.strip(golden.run(args)) != golden.strip(want[name])]
    assert changed == []


# ----------------------------------------------------------------------------- the auction and "here"
def test_auction_at_other_sizes():
    """The auction ends when all but one have passed after a bid (everyone passed: thrown
    in), runs clockwise over the table's seats, and a partner's bid is seen only where
    the sides are fixed before the auction."""
    from analyzer.games.five_hundred.auction import (ST_NEXT, auction_over, ladder_tables, new_state,
                                                     parse_auction, partner_view)
    from analyzer.games.five_hundred.rules import SIDES_PAIRS, SIDES_THREES
    lad, acfg = ladder_tables()
    tab = table(3)
    history, st = parse_auction("7S pass", 1, Options(), tab)      # W deals: E, then S; W to speak
    assert [h[0] for h in history] == [2, 0] and int(st[ST_NEXT]) == 1
    with pytest.raises(InputError, match="auction is over"):
        parse_auction("7S pass pass 8S", 1, Options(), tab)
    with pytest.raises(InputError, match="must be one of S W E"):
        parse_auction("N:7S", 1, Options(), tab)
    history, st = parse_auction("pass pass pass pass 7H", 5, Options(), table(6))
    assert int(st[ST_NEXT]) == 5 and not auction_over(st, acfg)
    st = new_state(0, 6, SIDES_THREES)
    st[5 + 1], st[2] = 10, 4           # seat 1 bid ladder index 10; seat 4 holds the bid
    assert partner_view(st, np.int64(0)) == (True, -1)
    assert partner_view(st, np.int64(3)) == (False, 10)
    st = new_state(0, 6, SIDES_PAIRS)
    st[5 + 1], st[2] = 10, 1
    assert partner_view(st, np.int64(4)) == (True, 10) and partner_view(st, np.int64(2)) == (False, -1)
    st = new_state(0, 5, sides_rule(5))
    st[5 + 2], st[2] = 10, 2
    assert partner_view(st, np.int64(0)) == (False, -1)


@pytest.mark.parametrize("players", (2, 3, 5, 6))
def test_here_question_at_other_sizes(players):
    """bid's here question at every size: every call a row, the outcomes a distribution
    (we contract, they contract, thrown in), the calls heard conditioning the dealing, and
    the same answer on 1 and 2 threads."""
    from analyzer.games.five_hundred.questions import bid
    tab = table(players)
    hand = tab.deck.format_cards([tab.deck.size - 2 - k for k in range(10)])
    dealer = tab.seat_names[-2] if players > 2 else tab.seat_names[-1]
    auction = "pass" if players > 2 else ""
    kw = dict(seat="S", dealer=dealer, auction=auction, deals=1500, seed=4, players=players)
    a = bid(hand, threads=1, **kw)
    b = bid(hand, threads=2, **kw)
    assert a.to_json_dict() == b.to_json_dict()
    t = a.table
    assert a.meta["players"] == players and "pass" in list(t["action"])
    # the outcomes of a deal exclude each other: we contract, it is thrown in, or another side
    # contracts; making needs contracting; a pass never makes me the contractor, a bid does
    # whenever nobody bids over it
    assert (t["p_we_contract"] + t["p_thrown_in"] <= 1 + 1e-9).all()
    assert (t["p_we_make"] <= t["p_we_contract"] + 1e-12).all()
    assert (t["p_i_contract"] <= t["p_we_contract"] + 1e-12).all()
    bids = t[t["action"] != "pass"]
    assert t.set_index("action").loc["pass", "p_i_contract"] == 0
    assert (bids["p_i_contract"] >= bids["p_as_called"] - 1e-12).all() and (bids["p_i_contract"] > 0).any()
    if players > 2:
        assert a.meta["conditioned"] == [tab.seat_names[-1]]


def test_double_dummy_misere_left_out_with_four_defenders():
    from analyzer.games.five_hundred.rules import DD_MISERE_MAX_ACTIVE, misere_seats
    assert [misere_seats(p) for p in (2, 3, 4, 5)] == [2, 3, 3, 5]
    assert misere_seats(6, Options(six_teams="threes")) == 4 and misere_seats(6, Options(six_teams="pairs")) == 5
    tab = table(5)
    hand = tab.deck.format_cards([tab.deck.size - 2 - k for k in range(10)])
    a = contract_only(hand, deals=16, seed=2, play="dd", players=5, contracts="8H,MIS")
    assert list(a.table["action"]) == ["8H"] and any("misère rows left out" in n for n in a.notes)
    with pytest.raises(InputError, match="no contract left"):
        contract_only(hand, deals=16, seed=2, play="dd", players=5, contracts="MIS")
    assert misere_seats(3) <= DD_MISERE_MAX_ACTIVE


@pytest.mark.parametrize("players", (3, 5, 6))
def test_report_at_other_sizes(tmp_path, players):
    """A small report at another table size: its header names the table, the EV columns use
    the table's opposing units, and the double-dummy section is there (without misère at
    five players)."""
    from analyzer.report.build import breakdown_table, write_report
    out = tmp_path / f"r{players}"
    summary = write_report("five-hundred", 1500, str(out), seed=1, threads=2, dd_deals=24, pimc_deals=0,
                           players=players)
    text = (out / "README.md").read_text()
    assert summary["players"] == players and f"**players:** {players}" in text
    assert f"{players}-player table" in text and "## Double-dummy play" in text
    assert ("Misère is not solved double-dummy" in text) == (players == 5)
    # the auction section: where self-play ends at this table, every deal counted once
    kinds = pd.read_csv(out / "auction_kinds.csv")
    assert list(kinds["contract"]) == ["suit", "no-trumps", "misère", "open misère", "all pass"]
    assert kinds["deals"].sum() == 1500 and (kinds["players"] == players).all()
    assert "Self-play: the contracts the policy reaches" in text
    df, result = breakdown_table("five-hundred", ["trumps"], 1500, seed=1, players=players)
    assert result.n_done == 1500 and "ev8" in df.columns
    with pytest.raises(InputError, match="--players is for five-hundred"):
        write_report("euchre", 100, str(tmp_path / "e"), players=3)


def test_six_handed_spot_cards_are_no_cards_elsewhere():
    """11, 12 and 13 parse only as the six-handed Five Hundred pack's cards: every other
    game's deck refuses them."""
    from analyzer.games.rummy500.deck import parse_bit
    for card in ("11S", "12H", "13D"):
        with pytest.raises(InputError, match="unknown card"):
            parse_bit(card)
        for players in (2, 3, 4, 5):
            with pytest.raises(InputError, match="not a card"):
                table(players).deck.card_id(card)
