"""``analyzer.ask``: any command-line question by name and values, with the command's
own checks and answers (what the web page and batch runs use)."""

import json

import pytest

from analyzer import ask
from analyzer.errors import Cancelled, InputError
from analyzer.sim.runner import watching
from tests.cli_run import run_cli

HAND = "JK JH JD AH KH TH AS KS 7C 5D"


def test_every_game_has_its_questions_and_their_options():
    asked = ask.questions()
    for game in ask.GAMES:
        assert any(g == game for g, _ in asked), game
    assert ("five-hundred", "bid") in asked and ("rummy500", "take") in asked
    assert ("report", "report") not in asked and ("warm", "warm") not in asked
    opts = {o.name: o for o in ask.describe("500", "bid")}
    assert opts["hand"].kind == "argument" and opts["hand"].required
    assert opts["play"].type == "choice" and "dd" in opts["play"].choices
    assert opts["rules"].kind == "multiple" and opts["rules"].flag == "--rule"
    assert opts["contract_only"].kind == "flag"
    assert "as_json" not in opts and "plot_path" not in opts


def test_an_answer_is_the_commands_json(capsys):
    values = {"hand": HAND, "auction": "7S pass pass", "seat": "S", "dealer": "S", "deals": 600, "seed": 3,
              "rules": ["misere=none"]}
    answer = ask.ask("five-hundred", "bid", values)
    code, out, _ = run_cli(["500", "bid", HAND, "--auction", "7S pass pass", "--seat", "S", "--dealer", "S",
                            "--deals", "600", "--seed", "3", "--rule", "misere=none", "--json"], capsys)
    assert code == 0
    theirs = json.loads(out)
    ours = json.loads(answer.to_json())
    for d in (ours, theirs):
        d.pop("elapsed", None)
    assert ours == theirs
    assert "<table" in answer._repr_html_() and answer.recommendation in answer._repr_html_()


def test_cards_as_a_list_are_the_commands_text():
    as_list = ask.ask("500", "bid", {"hand": HAND.split(), "deals": 300})
    assert as_list.to_json_dict() | {"elapsed": 0} == ask.ask("500", "bid", {"hand": HAND, "deals": 300}).to_json_dict() | {"elapsed": 0}


def test_a_record_question_and_the_commands_words_for_bad_input():
    assert ask.ask("500", "score", {"contract": "7S", "tricks": 10}) == {
        "contract": "7S", "tricks": 10, "contractor": 250, "opponents": 0}
    with pytest.raises(InputError, match="Five Hundred needs 10"):
        ask.ask("500", "bid", {"hand": "JK JH"})
    with pytest.raises(InputError, match="--deals"):
        ask.ask("500", "bid", {"hand": HAND, "deals": "many"})
    with pytest.raises(InputError, match="no question 'bidx'"):
        ask.ask("500", "bidx", {})
    with pytest.raises(InputError, match="takes no colour"):
        ask.ask("500", "bid", {"hand": HAND, "colour": "red"})
    with pytest.raises(InputError, match="unknown game"):
        ask.ask("poker", "bid", {})


def test_a_watched_run_reports_progress_and_can_be_cancelled():
    seen = []

    def watch(done, total):
        seen.append((done, total))
        return len(seen) < 2

    with pytest.raises(Cancelled), watching(watch):
        ask.ask("500", "bid", {"hand": HAND, "deals": 50_000, "threads": 1})
    assert len(seen) == 2 and seen[0][0] < seen[1][0] < seen[1][1]
