"""Euchre ``order`` / ``call`` ``--examples N``: deals behind the answer, the same deals and play as the run."""

import json

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.euchre import examples as euchre_examples
from analyzer.games.euchre import replay
from analyzer.games.euchre.questions import call, order
from tests.cli_run import run_cli

HAND = "JH JD AH KH 9S"


@pytest.fixture
def seen(monkeypatch):
    """What the examples were chosen from: the per-deal values (``shared.pick``'s
    arguments, through the game module) and the deals' weights (the replay's records)."""
    got = {}
    pick = euchre_examples.shared.pick
    kernel = replay.question_examples

    def spy_pick(best, nxt, valid, n):
        got.update(best=np.array(best), nxt=np.array(nxt), valid=np.array(valid))
        return pick(best, nxt, valid, n)

    def spy_kernel(*args):
        kernel(*args)
        got["w"] = args[-2][:, 0, replay.X_W].astype(float)

    monkeypatch.setattr(euchre_examples.shared, "pick", spy_pick)
    monkeypatch.setattr(replay, "question_examples", spy_kernel)
    return got


def _check_replay(a, got, key, deals):
    """The replayed values of the recommended action and the next best, weighted by the
    deals' weights, are the table's figures."""
    assert len(got["best"]) == deals and (got["valid"] == (got["w"] > 0)).all()
    col = a.table.set_index("action")[key]
    other = euchre_examples.next_best(a.table, a.best, key)
    assert np.average(got["best"], weights=got["w"]) == pytest.approx(col[a.best], abs=1e-9)
    assert np.average(got["nxt"], weights=got["w"]) == pytest.approx(col[other], abs=1e-9)
    return other


def _check_deal(e, a, other, n_cards, n_seats):
    assert [o["action"] for o in e["options"]] == [a.best, other]
    shown = " ".join(e["hands"].values()).split() + e["undealt"].split()
    up = e.get("upcard") or e["turned_down"]
    cards = shown + [up]
    assert len(cards) == n_cards == len(set(cards)) and len(e["hands"]) == n_seats
    assert set(HAND.split()) == set(e["hands"]["S"].split())
    for o in e["options"]:
        if o["maker"] is None:
            assert o["points"] == 0 and "redeal" in o["summary"]
            continue
        trick = o["play"]
        assert len(trick) == 5
        plays = [c for t in trick for _, c in t["cards"]]
        assert len(plays) == len(set(plays)) == 5 * (n_seats - (1 if o["alone"] and n_seats == 4 else 0))
        for t, nxt in zip(trick, trick[1:]):
            assert nxt["cards"][0][0] == t["winner"]          # the winner leads next
        assert sum(t["winner"] in o["makers"] for t in trick) == o["tricks"]
        for seat, hand in e["hands"].items():                 # each seat plays its own cards
            mine = {c for t in trick for s, c in t["cards"] if s == seat}
            held = set(hand.split()) | ({up} if "discard" in o and seat == e["dealer"] else set())
            assert mine <= held
        if "discard" in o:
            assert o["discard"] not in plays


def test_order_examples_replay_the_runs_deals(seen):
    """Two-handed, nobody heard: the replayed points average to the table's EV."""
    a = order(HAND, "9H", deals=300, seed=4, examples=3)
    other = _check_replay(a, seen, "ev", 300)
    assert len(a.examples) == 3 and {e["kind"] for e in a.examples} == {"worse", "better"}
    for e in a.examples:
        _check_deal(e, a, other, 24, 2)
        assert e["upcard"] == "9H" and e["dealer"] == "N" and e["heard"] == []
    worse = next(e for e in a.examples if e["kind"] == "worse")
    assert worse["options"][0]["value"] < worse["options"][1]["value"]


def test_call_examples_four_handed_weighted_by_p_win(seen):
    """Four-handed round two with the passes heard (weighted deals) and a score: the
    replayed P(win) averages, weighted, to the table's P(win)."""
    a = call(HAND, "9C", players=4, seat=3, deals=300, seed=4, examples=2, score="8:9")
    other = _check_replay(a, seen, "p_win", 300)
    assert len(set(seen["w"])) > 1                       # the deals do weigh differently
    assert len(a.examples) == 2
    for e in a.examples:
        _check_deal(e, a, other, 24, 4)
        assert e["turned_down"] == "9C" and e["dealer"] == "W"
        assert e["heard"] == ["N pass", "E pass", "S pass", "W pass", "N pass", "E pass"]
        assert "P(win)" in e["why"]


def test_dd_examples_show_the_result_without_play(seen):
    a = order(HAND, "9H", players=4, seat=4, deals=200, seed=4, examples=2, play="dd")
    _check_replay(a, seen, "ev", 200)
    assert a.examples
    for e in a.examples:
        for o in e["options"]:
            assert o["play"] == [] and "solved double-dummy" in o["summary"]
            assert o["discard"] in (e["hands"]["S"].split() + ["9H"])   # the dealer (you) picked up


def check_json_threads_and_bad(args, bad, capsys):
    """--json has the examples, the same on 1 and 2 threads; a bad --examples: exit 2, one line."""
    code, out, _ = run_cli(args + ["--json"], capsys)
    ex = json.loads(out)["examples"]
    assert code == 0 and len(ex) == 2 and all(e["hands"] and e["options"] for e in ex)
    one = json.loads(run_cli(args + ["--json", "--threads", "1"], capsys)[1])["examples"]
    two = json.loads(run_cli(args + ["--json", "--threads", "2"], capsys)[1])["examples"]
    assert one == ex == two                             # the same deals on any number of threads
    code, _, err = run_cli(bad, capsys)
    assert code == 2 and "--examples" in err and err.count("\n") == 1


def test_cli_examples_text_json_threads_and_bad_input(capsys, small_chunks):
    args = ["euchre", "call", HAND, "--turned-down", "9C", "--players", "4", "--seat", "2", "--deals", "400",
            "--examples", "2"]
    code, out, _ = run_cli(args, capsys)
    assert code == 0 and "Example 1: deal" in out
    assert "heard: round 1: E pass, S pass, W pass, N pass; round 2: E pass" in out
    assert " 1. " in out and "→" in out and "Turned down: 9C" in out
    check_json_threads_and_bad(args, ["euchre", "order", HAND, "--upcard", "9H", "--examples", "99"], capsys)
    with pytest.raises(InputError, match="--examples"):
        order(HAND, "9H", examples=-1)


def test_seat_names():
    assert euchre_examples.seat_names(4) == ["S", "W", "N", "E"] and euchre_examples.seat_names(2) == ["S", "N"]
