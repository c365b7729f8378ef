"""Sheepshead ``pick`` / ``bury`` ``--examples N``: deals behind the answer, the same deals and play as the run."""

import numpy as np
import pytest

from analyzer.errors import InputError
from analyzer.games.sheepshead import examples as sh_examples
from analyzer.games.sheepshead import replay
from analyzer.games.sheepshead.questions import bury, pick
from tests.cli_run import run_cli
from tests.records import weighted_paired
from tests.test_examples_euchre import check_json_threads_and_bad

HAND = "QC QS JD AD 7H 8S"
EIGHT = "QC QS JD AD 7H 8S KH TC"


@pytest.fixture
def seen(monkeypatch):
    """The per-deal scores the examples were chosen from (``shared.pick``'s arguments,
    through the game module) and the deals' weights (the replay kernels' records)."""
    got = {}
    pick_ = sh_examples.shared.pick

    def spy_pick(best, nxt, valid, n):
        got.update(best=np.array(best), nxt=np.array(nxt), valid=np.array(valid))
        return pick_(best, nxt, valid, n)

    monkeypatch.setattr(sh_examples.shared, "pick", spy_pick)
    for name in ("pick_examples", "bury_examples"):
        kernel = getattr(replay, name)

        def spy_kernel(*args, kernel=kernel):
            kernel(*args)
            got["w"] = args[-2][:, 0, replay.X_W].astype(float)

        monkeypatch.setattr(replay, name, spy_kernel)
    return got


def _check_replay(a, got, deals):
    assert len(got["best"]) == deals and (got["valid"] == (got["w"] > 0)).all()
    ev = a.table.set_index("action")["ev"]
    other = sh_examples.next_best(a.table, a.best)
    assert np.average(got["best"], weights=got["w"]) == pytest.approx(ev[a.best], abs=1e-9)
    assert np.average(got["nxt"], weights=got["w"]) == pytest.approx(ev[other], abs=1e-9)
    # the recommendation's lead over the next best: their paired difference deal by deal
    # (the kernel's products of the scores), its standard error on the effective deals
    assert (a.meta["a"], a.meta["b"]) == (a.best, other)
    mean, se = weighted_paired(got["w"], got["best"] - got["nxt"])
    assert a.meta["a_minus_b"] == pytest.approx(mean, abs=1e-9) and a.meta["se"] == pytest.approx(se, rel=1e-9)
    assert ("no measurable difference" in a.recommendation) == a.meta["tie"]
    return other


def _check_deal(e, a, other, mine):
    assert [o["action"] for o in e["options"]] == [a.best, other]
    cards = " ".join(e["hands"].values()).split() + e.get("blind", "").split()
    assert len(cards) == 32 == len(set(cards)) and len(e["hands"]) == 5
    assert set(mine.split()) == set(e["hands"][e["you"]].split())
    for o in e["options"]:
        play = o["play"]
        if o.get("picker") is None:
            continue
        assert len(play) == 6
        plays = [c for t in play for _, c in t["cards"]]
        assert len(plays) == 30 == len(set(plays))
        assert not set(o["bury"].split()) & set(plays)
        side = {o["picker"], o["partner"]}
        assert sum(t["winner"] in side for t in play) == o["tricks"]
        for t, nxt in zip(play, play[1:]):
            assert nxt["cards"][0][0] == t["winner"]


def test_pick_examples_replay_the_runs_deals(seen):
    """Seat 4 (seats 1-3 passed: weighted deals): the replayed scores average, weighted,
    to the table's EV of the recommended option and of the next best."""
    a = pick(HAND, seat=4, deals=300, seed=4, examples=4)
    other = _check_replay(a, seen, 300)
    assert len(set(seen["w"])) > 1
    assert len(a.examples) == 4 and {e["kind"] for e in a.examples} == {"worse", "better"}
    for e in a.examples:
        _check_deal(e, a, other, HAND)
    worse = next(e for e in a.examples if e["kind"] == "worse")
    assert worse["options"][0]["score"] < worse["options"][1]["score"]


def test_pass_shows_the_later_picker_or_the_leaster(seen):
    a = pick("7C 8C 9C 7S 8S 9H", seat=1, deals=300, seed=2, examples=4)
    assert a.best == "pass"
    _check_replay(a, seen, 300)
    passes = [o for e in a.examples for o in e["options"] if o["action"] == "pass"]
    assert passes
    for o in passes:
        assert ("picks;" in o["summary"]) if o["picker"] else ("leaster" in o["summary"] or "redeal" in o["summary"])


def test_bury_examples_compare_the_two_best_burials(seen):
    a = bury(EIGHT, seat=1, deals=300, seed=4, examples=2)
    other = _check_replay(a, seen, 300)
    assert other == a.table.iloc[1]["action"] and len(a.examples) == 2
    for e in a.examples:
        _check_deal(e, a, other, EIGHT)
        for o, action in zip(e["options"], [a.best, other]):
            row = a.table.set_index("action").loc[action]
            assert o["bury"] == row["bury"] and (o["called"] or "alone") == row["call"].split(" ")[0]


def test_dd_examples_show_the_result_without_play(seen):
    a = bury(EIGHT, seat=1, deals=32, seed=4, examples=2, play="dd")
    _check_replay(a, seen, 32)
    assert a.examples
    for e in a.examples:
        for o in e["options"]:
            assert o["play"] == [] and "double-dummy" in o["summary"]


def test_cli_examples_text_json_threads_and_bad_input(capsys, small_chunks):
    args = ["sheepshead", "pick", HAND, "--seat", "2", "--deals", "400", "--examples", "2"]
    code, out, _ = run_cli(args, capsys)
    assert code == 0 and "Example 1: deal" in out and "Blind: " in out and " 1. P1 " in out and "→" in out
    check_json_threads_and_bad(args, ["sheepshead", "bury", EIGHT, "--examples", "21"], capsys)
    with pytest.raises(InputError, match="--examples"):
        pick(HAND, examples=-1)
