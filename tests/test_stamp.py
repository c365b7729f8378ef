"""Which code made a report: ``analyzer.stamp`` and ``analyzer report --check``."""

from __future__ import annotations

import json
import os

import pytest

from analyzer import stamp
from analyzer.errors import InputError
from tests.cli_run import run_cli as _run


class _R:
    def __init__(self, code, out, err):
        self.exit_code, self.output = code, out + err


@pytest.fixture
def run_cli(capsys):
    return lambda args: _R(*_run(args, capsys))


def test_code_hash_ignores_comments_docstrings_and_layout():
    a = 'def f(x):\n    """What f does."""\n    return x + 1  # one more\n'
    b = 'def f(x):\n\n    # a comment\n    """Another docstring."""\n    return x+1\n'
    c = 'def f(x):\n    """What f does."""\n    return x + 2\n'
    assert stamp.code_hash(a) == stamp.code_hash(b)
    assert stamp.code_hash(a) != stamp.code_hash(c)
    # a string that is not a statement on its own counts
    assert stamp.code_hash('x = "a"\n') != stamp.code_hash('x = "b"\n')


def test_a_game_stamp_covers_its_players_and_the_shared_engine():
    files = stamp.sources("five-hundred")
    for f in ("games/five_hundred/play.py", "games/five_hundred/auction.py", "games/five_hundred/rules.py",
              "tricks/heuristic.py", "tricks/engine.py", "sim/deal.py", "report/five_hundred.py"):
        assert f in files
    assert not any(f.startswith("games/euchre") for f in files)
    assert not any(f.startswith("tricks/") for f in stamp.sources("rummy500"))
    s = stamp.stamp("500")
    assert s["game"] == "five-hundred" and len(s["stamp"]) == 12 and set(s["files"]) == set(files)
    assert stamp.stamp("five-hundred") == s                  # deterministic
    with pytest.raises(InputError, match="no stamp for game"):
        stamp.stamp("poker")


def _report(folder, game="euchre"):
    os.makedirs(folder)
    (folder / "README.md").write_text("# a report\n")
    return stamp.write_stamp(str(folder), game)


def test_check_passes_on_todays_stamp_and_fails_on_another(tmp_path, run_cli):
    good = tmp_path / "good"
    s = _report(good)
    r = run_cli(["report", "--check", str(good)])
    assert r.exit_code == 0 and f"made by today's code (stamp {s['stamp']})" in r.output
    bad = tmp_path / "bad"
    _report(bad)
    rec = json.loads((bad / stamp.STAMP_FILE).read_text())
    rec["files"]["games/euchre/play.py"] = "0" * 16        # as if the players had been other ones
    rec["stamp"] = "000000000000"
    (bad / stamp.STAMP_FILE).write_text(json.dumps(rec))
    r = run_cli(["report", "--check", str(bad)])
    assert r.exit_code == 1
    assert "stale" in r.output and "changed: games/euchre/play.py" in r.output
    old = tmp_path / "old"
    os.makedirs(old)
    (old / "README.md").write_text("# a report from before stamps\n")
    r = run_cli(["report", "--check", str(old)])
    assert r.exit_code == 1 and "no stamp" in r.output


def test_check_reads_trust_files(tmp_path, run_cli):
    rec = {"game": "euchre", "decisions": 3, "code": stamp.stamp("euchre", ("sim/trust.py",))}
    (tmp_path / "t.csv").write_text("index\n")
    (tmp_path / "t.csv.json").write_text(json.dumps(rec))
    r = run_cli(["report", "--check", str(tmp_path / "t.csv")])
    assert r.exit_code == 0, r.output
    r = run_cli(["report", "--check", str(tmp_path)])          # the folder: each trust file in it
    assert r.exit_code == 0 and "t.csv: made by today's code" in r.output
    rec["code"]["files"]["sim/trust.py"] = "0" * 16               # the benchmark's code changed since
    rec["code"]["stamp"] = "000000000000"
    (tmp_path / "t.csv.json").write_text(json.dumps(rec))
    r = run_cli(["report", "--check", str(tmp_path)])
    assert r.exit_code == 1 and "changed: sim/trust.py" in r.output


def test_check_refuses_bad_input(tmp_path, run_cli):
    for args in (["report", "--check", str(tmp_path / "missing")], ["report", "--check", str(tmp_path)],
                 ["report", "euchre", "--check", str(tmp_path)], ["report", "euchre"], ["report"]):
        r = run_cli(args)
        assert r.exit_code == 2 and "Traceback" not in r.output, (args, r.output)


def test_a_trust_stamp_leaves_out_the_report_builder_and_a_narrower_scope_stays_current():
    report = stamp.sources("euchre")
    trust = stamp.sources("euchre", (stamp.TRUST,))
    assert "report/build.py" in report and "report/euchre.py" in report
    assert not any(f.startswith("report/") for f in trust) and "sim/trust.py" in trust
    # a file recorded by an older, wider scope (here the report builder) does not make it stale
    rec = stamp.stamp("euchre", (stamp.TRUST,))
    wider = dict(rec, stamp="000000000000", files=dict(rec["files"], **{"report/build.py": "0" * 16}))
    ok, line = stamp.compare(wider)
    assert ok and "made by today's code" in line
    # but a file of today's scope that differs, or is missing from the record, does
    changed = dict(wider, files=dict(wider["files"], **{"sim/trust.py": "0" * 16}))
    ok, line = stamp.compare(changed)
    assert not ok and "changed: sim/trust.py" in line
    missing = dict(wider, files={k: v for k, v in wider["files"].items() if k != "sim/deal.py"})
    ok, line = stamp.compare(missing)
    assert not ok and "new: sim/deal.py" in line
