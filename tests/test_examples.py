"""``--examples N``: deals behind an answer, the same deals and play as the run."""

import json

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.five_hundred import examples as five_hundred_examples
from analyzer.games.five_hundred.questions import bid
from analyzer.sim import examples as shared
from tests.cli_run import run_cli

HAND = "JK JH JD AH KH TH AS KS 7C 5D"


def spy_on_pick(monkeypatch, game_examples) -> dict:
    """What ``shared.pick`` is given by a game's examples module (the replayed per-deal
    values of the two options and which deals are valid), kept in the returned dict."""
    seen = {}
    pick = shared.pick

    def spy(best, nxt, valid, n):
        seen.update(best=np.array(best), nxt=np.array(nxt), valid=np.array(valid))
        return pick(best, nxt, valid, n)

    monkeypatch.setattr(game_examples.shared, "pick", spy)
    return seen


def test_pick_prefers_flips_then_the_largest_differences():
    best = np.array([10, -50, 30, -5, 40, 0, 20])
    nxt = np.array([20, 60, -10, 5, 10, 0, -100])
    valid = np.array([1, 1, 1, 1, 1, 1, 0], bool)
    # worse: 1 (flip, -110), 3 (flip, -10), 0 (-10); better: 2 (flip, +40), 4 (+30); 5 ties, 6 invalid
    assert shared.pick(best, nxt, valid, 10) == [(1, "worse"), (2, "better"), (3, "worse"), (4, "better"),
                                                 (0, "worse")]
    assert shared.pick(best, nxt, valid, 1) == [(1, "worse")]
    assert shared.fewer(3, 3, 400) is None
    assert shared.fewer(1, 3, 5) == ("examples: only 1 of the first 5 deals part the two options (asked for 3); "
                                      "more deals (--deals) give more to choose from")


def test_the_examples_replay_the_runs_deals(monkeypatch):
    """Over a run of 300 deals with nobody heard (every deal weighs the same), the replayed
    EV of the recommended call and of the next best average to the table's EV."""
    seen = spy_on_pick(monkeypatch, five_hundred_examples)
    a = bid(HAND, deals=300, seed=4, examples=2)
    assert seen["valid"].all() and len(seen["best"]) == 300
    ev = a.table.set_index("action")["ev"]
    other = five_hundred_examples.next_best(a.table, a.best, "ev")
    assert seen["best"].mean() == pytest.approx(ev[a.best], abs=1e-9)
    assert seen["nxt"].mean() == pytest.approx(ev[other], abs=1e-9)
    assert len(a.examples) == 2 and {e["kind"] for e in a.examples} == {"worse", "better"}
    for e in a.examples:
        assert [o["action"] for o in e["options"]] == [a.best, other]
        cards = " ".join(e["hands"].values()).split() + e["kitty"].split()
        assert len(cards) == 43 == len(set(cards))
        assert set(HAND.split()) == set(e["hands"]["S"].split())
        for o in e["options"]:
            if o["contract"] is not None:
                plays = [c for t in o["play"] for _, c in t["cards"]]
                assert len(o["play"]) == 10 and len(plays) == len(set(plays))
                assert sum(t["winner"] in o["side"] for t in o["play"]) == o["tricks"]
    worse = next(e for e in a.examples if e["kind"] == "worse")
    assert worse["options"][0]["ev"] < worse["options"][1]["ev"]


def test_cli_examples_text_json_and_bad_input(capsys, small_chunks):
    args = ["500", "bid", HAND, "--auction", "7S pass pass", "--seat", "S", "--dealer", "S", "--deals", "400",
            "--examples", "2"]
    code, out, _ = run_cli(args, capsys)
    assert code == 0 and "Example 1: deal" in out and "calls heard: W 7♠, N pass, E pass" in out
    assert " 1. " in out and "→" in out
    code, out, _ = run_cli(args + ["--json"], capsys)
    ex = json.loads(out)["examples"]
    assert code == 0 and len(ex) == 2 and ex[0]["heard"] == ["W 7♠", "N pass", "E pass"]
    again = json.loads(run_cli(args + ["--json", "--threads", "1"], capsys)[1])["examples"]
    assert again == ex                                  # the same deals on any number of threads
    code, _, err = run_cli(["500", "bid", HAND, "--examples", "99"], capsys)
    assert code == 2 and "--examples" in err and err.count("\n") == 1
    with pytest.raises(InputError, match="--examples"):
        bid(HAND, examples=-1)


def test_rummy_examples_replay_the_runs_deals(monkeypatch):
    from analyzer.games.rummy500 import examples as rummy_examples
    from analyzer.games.rummy500.questions import take

    seen = spy_on_pick(monkeypatch, rummy_examples)
    a = take("7H 8H 4S 4D KC QD 2C", pile="3S 5C 9H", deals=300, seed=2, examples=2)
    margins = a.table.set_index("action")["mean_margin"]
    assert len(seen["best"]) == 300
    assert seen["best"].mean() == pytest.approx(margins[a.best], abs=1e-9)
    shown = a.examples[0]["options"]
    assert shown[0]["action"] == a.best and shown[1]["action"] in margins.index
    assert seen["nxt"].mean() == pytest.approx(margins[shown[1]["action"]], abs=1e-9)
    for e in a.examples:
        cards = " ".join(e["hands"].values()).split()
        assert len(cards) == 28 and sorted(e["hands"]["you"].split()) == sorted("7H 8H 4S 4D KC QD 2C".split())
    worse = next(e for e in a.examples if e["kind"] == "worse")
    assert worse["options"][0]["margin"] < worse["options"][1]["margin"]


def test_pinochle_examples_replay_the_runs_deals(monkeypatch):
    from analyzer.games.pinochle import examples as pinochle_examples
    from analyzer.games.pinochle.questions import bid as pinochle_bid

    seen = spy_on_pick(monkeypatch, pinochle_examples)
    a = pinochle_bid("AS TS KS QS JS QS JD KD QD 9H AC AC", deals=250, seed=1, examples=2)
    assert seen["valid"].all() and len(seen["best"]) == 250
    t = a.table
    # the recommendation compares calls (pass, or a bid and the auction going on): the
    # examples replay the recommended call's EV deal by deal
    _, level, trump = a.best.split()
    row = t[(t["action"] == "call") & (t["bid"] == int(level))].iloc[0]
    assert seen["best"].mean() == pytest.approx(row["ev"], abs=1e-9)
    assert len(a.examples) == 2
    assert all(e["options"][0]["action"] == f"bid {level}" for e in a.examples)
    for e in a.examples:
        cards = " ".join(e["hands"].values()).split()
        assert len(cards) == 48 and all(cards.count(c) == 2 for c in cards)
        for o in e["options"]:
            if o.get("play"):
                assert len(o["play"]) == 12 and all(len(tr["cards"]) == 4 for tr in o["play"])
                assert all(tr["winner"] == nxt["cards"][0][0] for tr, nxt in zip(o["play"], o["play"][1:]))


def test_lead_examples_replay_the_runs_deals(monkeypatch):
    from analyzer.games.five_hundred.questions import lead

    seen = spy_on_pick(monkeypatch, five_hundred_examples)
    a = lead(HAND, "8H", deals=200, seed=5, play="heuristic", examples=3)
    t = a.table
    # value = +-100 (made or not) + tricks: the tricks are the value's remainder
    tricks = (seen["best"] + 100) % 100
    assert len(tricks) == 200 and tricks.mean() == pytest.approx(t["mean_tricks"].iloc[0], abs=1e-9)
    assert [e["kind"] for e in a.examples] == ["worse", "better", "worse"]
    assert not any("examples:" in n for n in a.notes)      # as many as asked: no "only k" note
    for e in a.examples:
        assert [o["lead"] for o in e["options"]] == [t["lead"].iloc[0], t["lead"].iloc[1]]
        cards = " ".join(e["hands"].values()).split()
        assert len(cards) == 40 == len(set(cards)) and set(HAND.split()) == set(e["hands"]["S"].split())


def test_pinochle_pass_examples_replay_the_runs_deals(monkeypatch):
    from analyzer.games.pinochle import examples as pinochle_examples
    from analyzer.games.pinochle.questions import pass_cards

    seen = spy_on_pick(monkeypatch, pinochle_examples)
    a = pass_cards("AS TS KS QS JS 9S AH TH KH QD JD 9C", "H", deals=200, seed=3, examples=2)
    w = seen["valid"]
    assert w.sum() > 150
    # the declarer's hand is conditioned: deals weigh alike here (one draw fits), so the
    # replayed EVs of the valid deals average to the table's
    assert seen["best"][w].mean() == pytest.approx(a.table["ev"].iloc[0], abs=1e-9)
    assert seen["nxt"][w].mean() == pytest.approx(a.table["ev"].iloc[1], abs=1e-9)
    for e in a.examples:
        assert [o["action"] for o in e["options"]] == list(a.table["action"].iloc[:2])
        assert e["hands"]["partner"].split().count("AS") >= 1


def test_euchre_lead_examples_replay_the_runs_deals(monkeypatch):
    from analyzer.games.euchre.questions import lead as euchre_lead

    seen = spy_on_pick(monkeypatch, shared_module())
    a = euchre_lead("JH JD AH KH 9S", "H", 1, players=4, upcard="9H", deals=200, seed=2, play="heuristic",
                    examples=2)
    tricks = (seen["best"] + 100) % 100
    assert len(tricks) == 200 and tricks.mean() == pytest.approx(a.table["mean_tricks"].iloc[0], abs=1e-9)
    for e in a.examples:
        assert [o["lead"] for o in e["options"]] == list(a.table["lead"].iloc[:2])
        cards = " ".join(e["hands"].values()).split()
        assert len(cards) == 20 == len(set(cards)) and "9H" not in cards


def shared_module():
    """The module whose ``shared.pick`` the lead examples call (``sim.examples`` itself)."""
    import types
    return types.SimpleNamespace(shared=shared)
