"""The Python API (``analyzer.five_hundred``, ``analyzer.euchre``, ... and
``analyzer.match``): the same answers as the command line's ``--json``, numpydoc
docstrings, rules as a list or a dict, one-line InputErrors, the lazy namespaces, and
docs/examples.ipynb executed cell by cell."""

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

import analyzer
from analyzer.errors import InputError
from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parent.parent
HAND = "JK JH JD AH KH TH AS KS 7C 5D"
PINOCHLE_HAND = "AS AS TS KS QS QS JS JS 9H AD KC QD"


def _cli_json(args, capsys):
    code, out, err = run_cli(args + ["--json"], capsys)
    assert code == 0, err
    return _plain(json.loads(out))


def _plain(d):
    d = dict(d)
    d.pop("elapsed", None)
    return d


def _same(answer, cli):
    ours = _plain(answer if isinstance(answer, dict) else answer.to_json_dict())
    assert json.loads(json.dumps(ours, ensure_ascii=False)) == cli


# ----------------------------------------------------------------------------- same answers as the CLI


def test_five_hundred_bid_and_score_are_the_commands(capsys):
    cli = _cli_json(["500", "bid", HAND, "--auction", "7S pass pass", "--seat", "S", "--dealer", "S",
                     "--deals", "600", "--seed", "3", "--rule", "misere=none"], capsys)
    a = analyzer.five_hundred.bid(HAND, auction="7S pass pass", seat="S", dealer="S", deals=600, seed=3,
                                  rules={"misere": "none"})
    _same(a, cli)
    assert a.best in set(a.table["action"]) and a.recommendation
    assert a.meta["deals"] == 600 and "<table" in a._repr_html_()
    assert json.loads(a.to_json()) == json.loads(json.dumps(a.to_json_dict()))
    _same(analyzer.five_hundred.score("8NT", 3), _cli_json(["500", "score", "8NT", "3"], capsys))
    _same(analyzer.five_hundred.auction(HAND, auction="7S pass pass", seat="S", dealer="S"),
          _cli_json(["500", "auction", HAND, "--auction", "7S pass pass", "--seat", "S", "--dealer", "S"], capsys))
    assert analyzer.five_hundred.policy_call is analyzer.five_hundred.auction


def test_euchre_order_is_the_commands(capsys):
    cli = _cli_json(["euchre", "order", "JH JD AH KH 9S", "--upcard", "9H", "--players", "4", "--seat", "2",
                     "--deals", "1000", "--seed", "5"], capsys)
    a = analyzer.euchre.order("JH JD AH KH 9S", upcard="9H", players=4, seat=2, deals=1000, seed=5)
    _same(a, cli)
    assert len(a.table) >= 2 and a.table["p_make"].between(0, 1).all()


def test_sheepshead_pick_is_the_commands(capsys):
    cli = _cli_json(["sheepshead", "pick", "QC QS JD AD TD 9C", "--seat", "2", "--no-leaster", "--deals", "1000",
                     "--seed", "2"], capsys)
    a = analyzer.sheepshead.pick("QC QS JD AD TD 9C", seat=2, no_leaster=True, deals=1000, seed=2)
    _same(a, cli)
    assert sorted(a.table["action"]) == ["alone", "pass", "pick"]
    assert a.meta["rules"]["nobody_picks"] == "doubler"


def test_pinochle_meld_and_pass_are_the_commands(capsys):
    _same(analyzer.pinochle.meld(PINOCHLE_HAND, rules=["run_marriage_reuse=yes"]),
          _cli_json(["pinochle", "meld", PINOCHLE_HAND, "--rule", "run_marriage_reuse=yes"], capsys))
    cli = _cli_json(["pinochle", "pass", PINOCHLE_HAND, "--trump", "S", "--bid", "300", "--deals", "800",
                     "--seed", "1"], capsys)
    a = analyzer.pinochle.pass_(PINOCHLE_HAND, trump="S", bid=300, deals=800, seed=1)
    _same(a, cli)
    assert a.meta["bid"] == 300 and a.table.iloc[0]["action"] == a.best
    assert analyzer.pinochle.pass_cards is analyzer.pinochle.pass_


def test_rummy500_take_is_the_commands_on_any_number_of_threads(capsys, small_chunks):
    cli = _cli_json(["rummy500", "take", "--hand", "KS KH KD 4C 9D 2H 7S", "--pile", "KC 3D 8C", "--players", "3",
                     "--deals", "500", "--seed", "2"], capsys)
    one = analyzer.rummy500.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=500, seed=2, threads=1)
    two = analyzer.rummy500.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=500, seed=2, threads=2)
    _same(one, cli)
    _same(two, cli)
    assert "draw from the stock" in set(one.table["action"])


def test_match_is_the_commands(capsys):
    cli = _cli_json(["match", "euchre", "--a", "heuristic", "--b", "heuristic", "--deals", "200"], capsys)
    m = analyzer.match("euchre", a="heuristic", b="heuristic", deals=200)
    _same(m, cli)
    assert m.meta["a_minus_b"] == 0.0          # a model against itself


# ----------------------------------------------------------------------------- rules, errors, namespaces


def test_rules_as_a_dict_are_the_rules_as_a_list():
    as_list = analyzer.five_hundred.bid(HAND, deals=500, seed=4, rules=["misere=any", "joker_lead=last"])
    as_dict = analyzer.five_hundred.bid(HAND, deals=500, seed=4, rules={"misere": "any", "joker_lead": "last"})
    assert as_list.to_json_dict() == as_dict.to_json_dict()
    assert as_dict.meta["rules"]["misere"] == "any"
    assert (analyzer.pinochle.odds("S", rules={"run_marriage_reuse": "yes"})
            == analyzer.pinochle.odds("S", rules=["run_marriage_reuse=yes"]))


@pytest.mark.parametrize("call, words", [
    (lambda: analyzer.five_hundred.bid("JK JH"), "Five Hundred needs 10"),
    (lambda: analyzer.five_hundred.bid(HAND, deals=0), "deals"),
    (lambda: analyzer.five_hundred.bid(HAND, play="perfect"), "play"),
    (lambda: analyzer.five_hundred.bid(HAND, contract_only="yes"), "contract_only"),
    (lambda: analyzer.five_hundred.bid(HAND, rules={"misere": "maybe"}), "misere"),
    (lambda: analyzer.five_hundred.bid(HAND, rules=[3]), "NAME=VALUE"),
    (lambda: analyzer.five_hundred.score("7S", 11), "tricks"),
    (lambda: analyzer.euchre.order("JH JD AH KH 9S", upcard="9H", players=3), "players"),
    (lambda: analyzer.euchre.order("JH JD AH KH 9S", upcard=None), "upcard"),
    (lambda: analyzer.sheepshead.pick("QC QS JD AD TD 9C", seed=-1), "seed"),
    (lambda: analyzer.pinochle.meld("AS AS"), "12"),
    (lambda: analyzer.rummy500.take("KS KH ZZ", pile="KC"), "ZZ"),
    (lambda: analyzer.match("pinochle", players=6), "4 players"),
    (lambda: analyzer.match("poker"), "game"),
])
def test_bad_input_raises_a_one_line_input_error(call, words):
    with pytest.raises(InputError) as err:
        call()
    message = str(err.value)
    assert words in message and "\n" not in message


def test_namespaces_are_imported_on_first_use():
    code = ("import sys, analyzer\n"
            "assert not [m for m in sys.modules if m.startswith(('analyzer.games', 'analyzer.cli', 'analyzer.five'))]\n"
            "assert 'five_hundred' in dir(analyzer) and 'match' in analyzer.__all__\n"
            "ns = analyzer.five_hundred\n"
            "assert ns.__name__ == 'analyzer.five_hundred' and 'analyzer.games.five_hundred.questions' not in sys.modules\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr
    with pytest.raises(AttributeError):
        analyzer.no_such_game


# ----------------------------------------------------------------------------- docstrings

NAMESPACES = [getattr(analyzer, name) for name in analyzer.NAMESPACES]
PUBLIC = [(ns.__name__, name, getattr(ns, name)) for ns in NAMESPACES for name in ns.__all__]
PUBLIC.append(("analyzer", "match", analyzer.match))


def _section(doc: str, title: str) -> str | None:
    """The text of a numpydoc section (its title underlined by dashes), None if absent."""
    found = re.search(rf"^\s*{title}\n\s*-{{{len(title)}}}\n(.*?)(?=^\s*\w[\w ]*\n\s*-{{3,}}\n|\Z)", doc,
                      re.S | re.M)
    return found.group(1) if found else None


def test_every_namespace_says_what_its_questions_are():
    for ns in NAMESPACES:
        assert ns.__doc__ and len(ns.__doc__.split()) > 40, ns.__name__
        for name in ns.__all__:
            assert f":func:`{name}`" in ns.__doc__, (ns.__name__, name)


@pytest.mark.parametrize("where, name, f", PUBLIC, ids=[f"{w}.{n}" for w, n, _ in PUBLIC])
def test_every_public_function_has_a_numpydoc_docstring(where, name, f):
    doc = inspect.cleandoc(f.__doc__ or "")
    assert doc.splitlines()[0].strip(), f"{where}.{name}: no summary line"
    params = _section(doc, "Parameters")
    assert params is not None, f"{where}.{name}: no Parameters section"
    documented = re.findall(r"^(\w+) :", params, re.M)
    assert documented == list(inspect.signature(f).parameters), f"{where}.{name}: {documented}"
    assert _section(doc, "Returns"), f"{where}.{name}: no Returns section"
    examples = _section(doc, "Examples")
    assert examples and ">>> import analyzer" in examples, f"{where}.{name}: no Examples section"
    assert "@" not in re.sub(r"\S+@\S+", "", params), f"{where}.{name}: an unexpanded @fragment"


def test_the_quick_examples_of_the_record_questions_run_as_written():
    import doctest

    for f in (analyzer.five_hundred.score, analyzer.five_hundred.auction, analyzer.pinochle.meld,
              analyzer.rummy500.melds):
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in doctest.DocTestFinder().find(f, globs={}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f.__name__


# ----------------------------------------------------------------------------- the notebook


def test_the_example_notebook_runs_and_answers():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    nb = json.loads((ROOT / "docs" / "examples.ipynb").read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code), "commit it without outputs"
    ns: dict = {}
    for i, cell in enumerate(code):
        exec(compile("".join(cell["source"]), f"examples.ipynb cell {i}", "exec"), ns)
    a, o, t, ax = ns["a"], ns["o"], ns["t"], ns["ax"]
    assert a.meta["auction"] == ["7S", "pass", "pass"] and a.meta["deals"] <= 5_000
    assert a.best in set(a.table["action"]) and a.recommendation
    assert set(a.table["call"]) >= {"pass", "8♥"}          # outbidding 7♠ and passing are both asked
    assert o.question == "order" and o.best in set(o.table["action"])
    assert t.question == "take" and "draw from the stock" in set(t.table["action"])
    assert len(ax.patches) == len(a.table)                  # one bar per call
    plt.close("all")


# ----------------------------------------------------------------------------- in step with the command line
# the command line's options that say how to print or where to run, not what is asked
CLI_ONLY = {"as_json", "as_csv", "plot_path", "top", "table_out", "force", "scheduler", "cluster", "resume"}


def _api_function(game, question):
    if game == "match":
        return analyzer.match
    ns = getattr(analyzer, game.replace("-", "_"))
    return getattr(ns, {"pass": "pass_"}.get(question, question))


def test_every_question_of_the_command_line_has_its_function_with_the_same_options():
    from analyzer import ask

    asked = ask.questions() + [("five-hundred", "equity")]
    assert {g for g, _ in asked} >= {"five-hundred", "euchre", "sheepshead", "pinochle", "rummy500", "match"}
    for game, question in asked:
        f = _api_function(game, question)
        api = inspect.signature(f).parameters
        from analyzer.cli.main import cli
        cmd = cli.commands[game] if game == question else cli.commands[game].commands[question]
        ctx = click.Context(cmd)
        for p in cmd.params:
            if p.name in CLI_ONLY:
                continue
            name = p.name
            assert name in api, f"analyzer {game} {question}: no parameter {name}"
            default = api[name].default
            if p.multiple or p.required or default is inspect.Parameter.empty:
                continue
            cli_default = p.get_default(ctx, call=True)      # click's documented reading of it
            assert str(default) == str(cli_default), \
                f"analyzer {game} {question} {name}: {default!r} != {cli_default!r}"
        assert "progress" in api or "deals" not in api, f"{game} {question}: no progress"
