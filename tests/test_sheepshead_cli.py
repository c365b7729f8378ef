"""``analyzer sheepshead`` end to end: JSON shape, and one-line errors with exit status 2
(those through ``main`` in this process, which is what the console script calls)."""

import json
import subprocess
import sys

import pytest

HAND = "QC QS JD AD 7H 8S"
EIGHT = "QC QS JD AD 7H 8S KH TC"


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", "sheepshead", *args],
                          capture_output=True, text=True)


def test_pick_json_shape():
    r = run("pick", HAND, "--seat", "2", "--deals", "2000", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "sheepshead" and out["question"] == "pick"
    assert out["seat"] == 2 and out["seed"] == 0 and out["play"] == "heuristic"
    assert out["deals_dealt"] == 2000 and 0 < out["deals"] <= 2000
    assert [o["action"] for o in out["options"]] == ["pick", "alone", "pass"]
    for o in out["options"]:
        assert set(o) >= {"action", "p_win", "p_win_lo", "p_win_hi", "p_schneider", "p_schneidered", "ev", "ev_se"}
        assert o["p_win_lo"] <= o["p_win"] <= o["p_win_hi"]
    assert out["best"] in ("pick", "alone", "pass")
    assert out["rules"]["nobody_picks"] == "leaster" and out["rules"]["bump"] == "single"


def test_bury_json_and_text(tmp_path):
    r = run("bury", EIGHT, "--deals", "200", "--json", "--double-on-the-bump", "--rule", "jack_order=seed")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["question"] == "bury" and out["rules"]["bump"] == "double" and out["rules"]["jack_order"] == "seed"
    assert out["best"] == out["options"][0]["action"]
    evs = [o["ev"] for o in out["options"]]
    assert evs == sorted(evs, reverse=True)
    png = tmp_path / "bury.png"
    r = run("bury", EIGHT, "--deals", "200", "--top", "5", "--plot", str(png))
    assert r.returncode == 0, r.stderr
    assert "Recommendation:" in r.stdout and "more (--top" in r.stdout and png.stat().st_size > 0


@pytest.mark.parametrize("args, needle", [
    (["pick", "QC QS JD AD 7H XX"], "unknown card"),
    (["pick", "QC QS JD AD 7H 6H"], "6H is not a card"),
    (["pick", "QC QS JD AD 7H 2C"], "2C is not a card"),
    (["pick", "QC QS JD AD 7H 7H"], "duplicate card 7H"),
    (["pick", "QC QS JD AD 7H"], "5 cards"),
    (["pick", HAND, "--seat", "6"], "--seat"),
    (["pick", HAND, "--deals", "0"], "--deals"),
    (["pick", HAND, "--rule", "jack_order=weird"], "jack_order"),
    (["pick", HAND, "--plot", "chart.jpg"], ".png"),
    (["bury", HAND], "the hand with the blind has 6 cards"),
    (["bury", EIGHT + " 9S"], "9 cards"),
])
def test_bad_input_one_line_exit_2(args, needle, capsys):
    from analyzer.cli.main import main

    with pytest.raises(SystemExit) as exit_:
        main(["sheepshead", *args])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert needle in lines[0]
