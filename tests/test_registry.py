"""One registration a question (``analyzer.spec``): every front end offers exactly the
registered questions with the registered parameters, and a question registered once is
asked the same way from the command line, the Python API and ``ask`` (the page, batch)."""

import inspect
import json

import click
import pytest

import analyzer
from analyzer import ask, registry, spec
from analyzer.cli.main import cli
from analyzer.errors import InputError
from tests.cli_run import run_cli


def _command(q):
    group = cli.commands[q.game]
    return group if q.game == q.name else group.commands[q.name]


@pytest.mark.parametrize("q", spec.questions(), ids=lambda q: f"{q.game}-{q.name}")
def test_every_front_end_offers_the_registered_parameters(q):
    cmd = _command(q)
    own = {"as_json", "as_csv", "plot_path", "scheduler", "cluster", "resume"}
    assert [p.name for p in cmd.params if p.name not in own] == [p.name for p in q.takes("cli")]
    for p, c in zip(q.takes("cli"), [c for c in cmd.params if c.name not in own]):
        assert isinstance(c, click.Argument) == p.argument, p.name
        assert c.required == p.required, p.name
        if not p.argument:
            assert p.option in c.opts, p.name
    if q.game in registry.GAMES:
        f = getattr(getattr(analyzer, registry.GAMES[q.game].namespace), q.api or q.name)
    else:
        f = getattr(analyzer, q.api or q.name)
    assert list(inspect.signature(f).parameters) == [p.name for p in q.takes("api")]
    assert f.__doc__.startswith(spec.paragraphs(q.summary)[0].replace("--", "")[:20])
    if q.page:
        assert (q.game, q.name) in ask.questions()
        assert [o.name for o in ask.describe(q.game, q.name)] == [p.name for p in q.takes("cli")]
    else:
        assert (q.game, q.name) not in ask.questions()


def test_the_registry_lists_every_game_and_nothing_else():
    games = {q.game for q in spec.questions()}
    assert games == set(registry.GAMES) | {"match"}
    for name, g in registry.GAMES.items():
        assert name in cli.commands
        assert set(getattr(analyzer, g.namespace).__all__) >= {q.api or q.name for q in spec.questions(name)}


def test_every_game_has_its_report_and_the_registry_says_which_take_players():
    from analyzer.report import build
    assert set(build.GAMES) == set(registry.GAMES)
    for name, g in registry.GAMES.items():
        assert build.game_report(name).title                              # report/<namespace>.py, found
        for alias in g.aliases:
            assert build.game_report(alias).title == build.game_report(name).title
        if g.report_players:
            assert build.game_report(name, g.report_players[0]).players in (g.report_players[0], None)
        else:
            with pytest.raises(InputError, match=rf"--players is for .*the {name} report"):
                build.game_report(name, 4)
    assert registry.report_players_text() == "five-hundred 2 to 6 [default 4]; pinochle 2, 3 or 4 [default 4]"
    assert registry.sizes_text((3,)) == "3" and registry.sizes_text((2, 4)) == "2 or 4"


@pytest.mark.parametrize("args, words", [(["sheepshead", "--players", "4"], "--players is for five-hundred 2 to 6"),
                                         (["poker"], "no report for game 'poker'"),
                                         (["pinochle", "--players", "5"], "not 5")])
def test_a_refused_report_is_one_line_and_makes_no_folder(args, words, tmp_path, capsys):
    out = tmp_path / "r"
    code, _, err = run_cli(["report"] + args + ["--out", str(out)], capsys)
    assert code == 2 and words in err and "Traceback" not in err
    assert not out.exists()


@pytest.fixture
def toy(monkeypatch):
    """A question registered at run time, as a new game's would be: its function here."""
    q = spec.Question(
        "rummy500", "toy",
        (spec.Param("hand", argument=True, required=True, help="Your cards."),
         spec.Param("times", "int", 2, "How many times.", low=1, high=5, show_default=True),
         spec.Param("loud", "bool", False, "Shout it."),
         spec.Param("mode", "choice", 3, "A number of a few.", choices=(3, 7), show_default=True),
         spec.rules()),
        "tests.test_registry:_toy_answer", "Say HAND --times times.", record=True, outputs=("json",),
        examples=">>> 1\n1")
    real = spec.questions

    def questions(game=None):
        return real(game) + ([q] if game in (None, "rummy500") else [])

    monkeypatch.setattr(spec, "questions", questions)
    return q


def _toy_answer(hand, times, loud, mode, rules):
    text = " ".join([hand.upper() if loud else hand] * times)
    return {"said": text, "mode": mode, "rules": rules}


def test_a_question_registered_once_is_asked_alike_everywhere(toy, capsys):
    from analyzer.cli.common import command

    f = spec.api_function(toy)
    assert str(inspect.signature(f)) == "(hand, times=2, loud=False, mode=3, rules=None)"
    assert "times : int, default 2" in f.__doc__ and 'mode : {3, 7}, default 3' in f.__doc__
    by_api = f("7H 8H", times=3, loud=True, mode=7, rules={"jokers": "no"})
    by_ask = ask.ask("rummy500", "toy", {"hand": "7H 8H", "times": "3", "loud": "yes", "mode": "7",
                                         "rules": "jokers=no"})
    cli.commands["rummy500"].add_command(command(toy))
    try:
        code, out, err = run_cli(["rummy500", "toy", "7H 8H", "--times", "3", "--loud", "--mode", "7",
                                  "--rule", "jokers=no", "--json"], capsys)
    finally:
        del cli.commands["rummy500"].commands["toy"]
    assert code == 0, err
    assert by_api == by_ask == json.loads(out) == {"said": "7H 8H 7H 8H 7H 8H", "mode": 7, "rules": ["jokers=no"]}


@pytest.mark.parametrize("values, words", [
    ({"hand": "7H", "times": 0}, "times: 0 is not in the range 1<=x<=5."),
    ({"hand": "7H", "times": 2.5}, "times: must be a whole number, not 2.5"),
    ({"hand": "7H", "loud": "yes"}, "loud: must be True or False, not 'yes'"),
    ({"hand": "7H", "mode": 5}, "mode: 5 is not one of '3', '7'."),
    ({"times": 2}, "hand is required"),
    ({"hand": "7H", "colour": "red"}, "rummy500 toy takes no colour"),
])
def test_bad_values_are_refused_in_one_line_naming_the_parameter(toy, values, words):
    with pytest.raises(InputError) as err:
        spec.answer(toy, values)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_page_and_batch_hear_the_command_lines_words(toy):
    with pytest.raises(InputError, match=r"Invalid value for '--times': 'many' is not a valid integer"):
        ask.ask("rummy500", "toy", {"hand": "7H", "times": "many"})
    with pytest.raises(InputError, match=r"Missing argument 'HAND'"):
        ask.ask("rummy500", "toy", {"times": 2})


def test_the_page_offers_its_card_picker_where_the_registration_says_cards():
    from analyzer.web.decks import widget

    def widgets(game, question):
        return {o.name: widget(game, question, o) for o in ask.describe(game, question)}

    assert widgets("pinochle", "odds")["cards"] == "select"          # a number of cards, not cards
    play = widgets("pinochle", "play")
    assert (play["hand"], play["seen"], play["lead"], play["melded"]) == ("cards", "cards", "card", "text")
    assert widgets("rummy500", "discard")["table"] == "melds"
    assert widgets("euchre", "call")["turned_down"] == "card"
