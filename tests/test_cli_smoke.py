"""The CLI end to end: a real question, JSON shape, and one-line errors with exit 2."""

import json
import subprocess
import sys

import pytest

from tests.cli_run import run_cli

HAND = "JK JH JD AH KH TH AS KS 7C 5D"


def run(*args):
    return subprocess.run([sys.executable, "-m", "analyzer.cli.main", *args],
                          capture_output=True, text=True)


def test_bid_json_shape():
    r = run("five-hundred", "bid", HAND, "--contract-only", "--deals", "3000", "--json", "--contracts",
            "8H,9H,MIS")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert list(out) == ["game", "question", "hand", "players", "deals", "seed", "play", "over", "rules",
                         "a", "b", "a_minus_b", "se", "lo", "hi", "tie", "options", "best", "recommendation"]
    assert out["game"] == "five-hundred" and out["question"] == "bid"
    assert out["deals"] == 3000 and out["seed"] == 0 and out["play"] == "heuristic"
    assert [o["action"] for o in out["options"]] == ["8H", "9H", "MIS"]
    for o in out["options"]:
        assert o["p_make_lo"] <= o["p_make"] <= o["p_make_hi"]
        assert list(o) == ["action", "contract", "allowed", "p_make", "p_make_lo", "p_make_hi",
                           "mean_tricks", "ev", "ev_se"]
    # 8H is at least as easy as 9H with the same play-outs
    assert out["options"][0]["p_make"] >= out["options"][1]["p_make"]
    # misère is not allowed without a 7-level bid to go over; the best is the better heart bid
    assert [o["allowed"] for o in out["options"]] == [True, True, False]
    hearts = max(out["options"][:2], key=lambda o: o["ev"])
    assert out["best"] == (hearts["action"] if hearts["ev"] >= 0 else "pass")


def test_same_seed_identical_json_on_one_and_two_threads():
    args = ["five-hundred", "bid", HAND, "--auction", "7S pass pass", "--dealer", "S", "--deals", "2000", "--seed",
            "9", "--json"]
    one = run(*args, "--threads", "1")
    two = run(*args, "--threads", "2")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["seed"] == 9


def test_over_a_seven_bid_allows_misere():
    r = run("500", "bid", HAND, "--contract-only", "--deals", "500", "--json", "--over", "7S", "--contracts",
            "7S,7H,MIS,OPENMIS")
    allowed = {o["action"]: o["allowed"] for o in json.loads(r.stdout)["options"]}
    assert allowed == {"7S": False, "7H": True, "MIS": True, "OPENMIS": True}


def test_no_subcommand_prints_help_and_succeeds():
    r = run()
    assert r.returncode == 0 and "five-hundred" in r.stdout and r.stderr == ""


def test_alias_and_score():
    r = run("500", "score", "7S", "10")
    assert r.returncode == 0
    assert "+250" in r.stdout
    r = run("500", "score", "MIS", "1", "--json")
    assert json.loads(r.stdout) == {"contract": "MIS", "tricks": 1, "contractor": -250, "opponents": 0}


@pytest.mark.parametrize("args, needle", [
    (["bid", "JK JH JD AH KH TH AS KS 7C XX"], "unknown card"),
    (["bid", "JK JH JD AH KH TH AS KS 7C 2H"], "2H is not a card"),
    (["bid", "JK JH JD AH KH TH AS KS 7C 4S"], "4S is not a card"),
    (["bid", "JK JH JD AH KH TH AS KS 7C 7C"], "duplicate card 7C"),
    (["bid", "JK JH JD AH KH TH AS KS 7C"], "9 cards"),
    (["bid", "JK JH JD AH KH TH AS KS 7C 5D 6D"], "11 cards"),
    (["bid", HAND, "--contracts", "11H"], "unknown contract"),
    (["bid", HAND, "--over", "7Q"], "unknown contract"),
    (["bid", HAND, "--deals", "0"], "--deals"),
    (["bid", HAND, "--rule", "misere=sometimes"], "misere"),
    (["bid", HAND, "--plot", "chart.jpg"], ".png"),
    (["score", "7S", "11"], "TRICKS"),
    (["bid", HAND, "--contracts", ""], "no contract"),
    (["bid", HAND, "--over", ""], "empty contract"),
    (["bid", HAND, "--json", "--csv"], "--json"),
    (["bid", HAND, "--rule", "misere=any", "--rule", "misere=none"], "twice"),
    (["bid", HAND, "--threads", "0"], "--threads"),
    (["bid", HAND, "--seed", str(2**64)], "--seed"),
    (["bid", HAND, "--plot", "no-such-folder/chart.png"], "does not exist"),
])
def test_bad_input_one_line_exit_2(args, needle, capsys):
    code, out, err = run_cli(["five-hundred", *args], capsys)      # in-process: the process is checked below
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert needle in lines[0]


def test_bad_input_in_a_process_of_its_own():
    r = run("five-hundred", "bid", "JK JH JD AH KH TH AS KS 7C 7C")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [r.stderr.strip()] and "duplicate card 7C" in r.stderr


def test_version():
    r = run("--version")
    assert r.returncode == 0 and "analyzer" in r.stdout
