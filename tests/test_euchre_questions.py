"""Euchre questions: dealing marginals, determinism, sensible answers, CLI shape and errors."""

import json
import subprocess
import sys

import numpy as np
import pytest

from analyzer.games.euchre.deck import DECKS
from analyzer.games.euchre.questions import call, deal_layout, order
from analyzer.sim.deal import deal_batch

HAND = "JH JD AH 9S KC"


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "euchre", *args],
                          capture_output=True, text=True)


@pytest.mark.parametrize("n", [2, 4])
def test_dealing_marginals_exact(n):
    """Each unseen card lies in a given other hand with probability 5/18 (24 cards, you
    see 5 + the upcard); the stock gets the rest."""
    deck = DECKS[24]
    hand_ids = deck.parse_cards(HAND)
    up_id = deck.card_id("9H")
    my, up, pool, counts, seat_slot = deal_layout(n, deck, hand_ids, up_id)
    assert len(pool) == 18 and counts.sum() == 18
    N = 60_000
    out = deal_batch(11, 0, N, pool, counts)
    for p in range(1, n):
        m = out[:, seat_slot[p]]
        assert all(bin(int(x)).count("1") == 5 for x in m[:100])
        for b in pool:
            freq = ((m >> np.uint64(b)) & np.uint64(1)).mean()
            p0 = 5 / 18
            assert abs(freq - p0) < 5 * np.sqrt(p0 * (1 - p0) / N), (p, b, freq)
    # Nothing the player saw is dealt again; hands are disjoint.
    everything = np.bitwise_or.reduce(out, axis=1)
    assert np.all(everything & (my | up) == 0)
    assert np.all(np.array([bin(int(x)).count("1") for x in everything[:200]]) == 18)


def test_same_answer_on_any_number_of_threads():
    a = order(HAND, "9H", dealer="them", deals=20_000, threads=1)
    b = order(HAND, "9H", dealer="them", deals=20_000, threads=2)
    assert a.table.equals(b.table)
    c = call("QS KS AC 9D TD", "9H", players=4, seat=2, deals=20_000, threads=1)
    d = call("QS KS AC 9D TD", "9H", players=4, seat=2, deals=20_000, threads=2)
    assert c.table.equals(d.table)


def test_sensible_answers():
    strong = order("JH JD AH KH AS", "9H", players=4, seat=1, deals=4000)
    assert strong.best in ("order", "order_alone")
    assert strong.table.set_index("action").loc["order", "p_make"] > 0.95
    junk = order("9S TS 9C TC 9D", "AH", players=4, seat=1, deals=4000)
    assert junk.best == "pass"
    # Dealer's best discard with a void to make: throw the lone small club.
    dealer = order("JH AH KH AS 9C", "9H", dealer="me", deals=4000)
    assert dealer.table.set_index("action").loc["accept", "discard"] == "9C"
    assert {"accept", "pass"} == set(dealer.table["action"])
    assert dealer.table.set_index("action").loc["pass", "discard"] is None
    assert "nan" not in dealer.recommendation
    # Round two: the turned-down suit is never offered, pass is unless stuck.
    c = call(HAND, "9H", dealer="them", deals=2000)
    assert "call_H" not in set(c.table["action"]) and "pass" in set(c.table["action"])
    stuck = call(HAND, "9C", dealer="me", stick_the_dealer=True, deals=2000)
    assert "pass" not in set(stuck.table["action"])
    for t in (strong.table, junk.table, dealer.table, c.table):
        assert np.all(t["p_make_lo"] <= t["p_make"]) and np.all(t["p_make"] <= t["p_make_hi"])
        total = t["p_make"] + t["p_euchred"] + t["p_they_make"] + t["p_they_euchred"] + t["p_redeal"]
        assert np.allclose(total, 1.0)


def test_joker_upcard_dealer_names():
    a = order("JH JD AH KH AS", "JK", dealer="me", deck=25, deals=2000)
    assert set(a.table["action"]) == {"name_S", "name_C", "name_D", "name_H"}
    assert a.best == "name_H"


def test_cli_order_json_shape():
    r = run("order", HAND, "--upcard", "9H", "--dealer", "them", "--deals", "3000", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "euchre" and out["question"] == "order"
    assert out["deals"] == 3000 and out["upcard"] == "9H" and out["players"] == 2
    assert [o["action"] for o in out["options"]] == ["order", "pass"]
    for o in out["options"]:
        assert set(o) >= {"action", "p_make", "p_make_lo", "p_make_hi", "p_march", "p_euchred",
                          "ev", "ev_se"}
    assert out["best"] in ("order", "pass") and "EV" in out["ev_meaning"]


def test_cli_four_handed_text_and_plot(tmp_path):
    png = tmp_path / "o.png"
    r = run("call", "QS KS AC 9D TD", "--turned-down", "9H", "--players", "4", "--seat", "3",
            "--deals", "2000", "--plot", str(png))
    assert r.returncode == 0, r.stderr
    assert "call ♠ alone" in r.stdout and "Recommendation:" in r.stdout and "EV:" in r.stdout
    assert png.stat().st_size > 1000


@pytest.mark.parametrize("args, needle", [
    (["order", "JH JD AH 9S 8C", "--upcard", "9H"], "8C is not a card of the 24-card"),
    (["order", "JH JD AH 9S JK", "--upcard", "9H"], "JK is not a card"),
    (["order", HAND, "--upcard", "AH"], "upcard AH is in your hand"),
    (["order", "JH JD AH 9S JH", "--upcard", "9H"], "duplicate card JH"),
    (["order", "JH JD AH 9S", "--upcard", "9H"], "4 cards"),
    (["order", "JH JD AH 9S KC QC", "--upcard", "9H"], "6 cards"),
    (["order", HAND, "--upcard", "9X"], "unknown card"),
    (["order", HAND, "--upcard", "9H 9D"], "one card"),
    (["order", HAND, "--upcard", "9H", "--players", "4", "--seat", "5"], "--seat"),
    (["order", HAND, "--upcard", "9H", "--players", "4", "--seat", "2", "--dealer", "me"], "disagree"),
    (["order", HAND, "--upcard", "JK", "--deck", "25"], "dealer names trump"),
    (["order", HAND, "--upcard", "9H", "--deals", "0"], "--deals"),
    (["order", HAND, "--upcard", "9H", "--rule", "joker_up=maybe"], "joker_up"),
    (["order", HAND, "--upcard", "9H", "--plot", "x.jpg"], ".png"),
    (["call", HAND, "--turned-down", "KC"], "turned-down KC is in your hand"),
    (["call", HAND], "--turned-down"),
    (["order", HAND, "--upcard", "9H", "--play", "perfect"], "--play"),
])
def test_bad_input_one_line_exit_2(args, needle):
    r = run(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert needle in lines[0], lines[0]
