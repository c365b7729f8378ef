"""Nothing finished is replaced by accident: a report folder, a table file or an equity
table folder that holds another run's result is refused (one line, exit 2) unless
--force; a report's --resume with other parameters, or with nothing to resume, is refused."""

import dataclasses
import json

from analyzer.games.sheepshead import survey
from analyzer.report import build
from analyzer.sim import runner
from tests.cli_run import run_cli
from tests.reports import interrupting

REPORT = ["report", "sheepshead", "--deals", "100", "--dd-deals", "0", "--pimc-deals", "0", "--threads", "1"]


def _one_error_line(err):
    assert err.startswith("analyzer: error: ") and err.count("\n") == 1, err


def test_a_finished_report_is_not_replaced_without_force(tmp_path, capsys, charts_not_saved):
    out = str(tmp_path / "r")
    code, _, err = run_cli(REPORT + ["--out", out], capsys)
    assert code == 0, err
    readme = (tmp_path / "r" / "README.md").read_text()
    assert json.loads((tmp_path / "r" / build.RUN_FILE).read_text())["finished"] is True

    code, _, err = run_cli(REPORT + ["--out", out, "--seed", "1"], capsys)       # another run
    assert code == 2 and "already holds a finished report" in err and "--force" in err
    _one_error_line(err)
    code, _, err = run_cli(REPORT + ["--out", out], capsys)                      # the same run again
    assert code == 2 and "already holds" in err
    code, _, err = run_cli(REPORT + ["--out", out, "--seed", "1", "--resume"], capsys)
    assert code == 2 and "other parameters (seed 0 there, 1 asked)" in err
    _one_error_line(err)
    code, _, err = run_cli(REPORT + ["--out", out, "--resume"], capsys)
    assert code == 2 and f"nothing to resume in {out}" in err and "finished" in err
    _one_error_line(err)
    assert (tmp_path / "r" / "README.md").read_text() == readme                  # untouched

    code, _, err = run_cli(REPORT + ["--out", out, "--seed", "1", "--force"], capsys)
    assert code == 0, err
    assert "seed:** 1" in (tmp_path / "r" / "README.md").read_text()


def test_resume_with_nothing_to_resume(tmp_path, capsys, charts_not_saved):
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run_cli(REPORT + ["--out", str(empty), "--resume"], capsys)
    assert code == 2 and f"nothing to resume in {empty}: no stopped run there" in err
    _one_error_line(err)
    old = tmp_path / "old"                # a report written before RUN_FILE existed: its README
    old.mkdir()
    (old / "README.md").write_text("# an older report\n")
    code, _, err = run_cli(REPORT + ["--out", str(old), "--resume"], capsys)
    assert code == 2 and "nothing to resume" in err and "finished report" in err
    code, _, err = run_cli(REPORT + ["--out", str(old)], capsys)
    assert code == 2 and "already holds a report" in err
    assert (old / "README.md").read_text() == "# an older report\n"
    code, _, err = run_cli(REPORT + ["--out", str(old), "--resume", "--force"], capsys)
    assert code == 2 and "choose one of --resume and --force" in err


def test_a_stopped_report_is_resumed_only_with_its_parameters(tmp_path, capsys, monkeypatch, charts_not_saved):
    monkeypatch.setattr(runner, "CHUNK_SIZE", 256)
    monkeypatch.setattr(build, "CHECKPOINT_EVERY", 0.0)
    real = build.game_report("sheepshead")
    monkeypatch.setitem(build.GAMES, "sheepshead",
                        lambda: dataclasses.replace(real, run=interrupting(survey.run_survey, after=1)))
    out = str(tmp_path / "r")
    args = ["report", "sheepshead", "--deals", "1000", "--dd-deals", "0", "--pimc-deals", "0", "--out", out]
    code, _, err = run_cli(args, capsys)
    assert code == 130 and "--resume" in err
    assert (tmp_path / "r" / build.CHECKPOINT).exists()
    monkeypatch.setitem(build.GAMES, "sheepshead", lambda: real)

    code, _, err = run_cli(args, capsys)                              # neither --resume nor --force
    assert code == 2 and "holds a stopped run" in err and "--resume continues it" in err
    _one_error_line(err)
    code, _, err = run_cli(args[:3] + ["2000"] + args[4:] + ["--resume"], capsys)
    assert code == 2 and "stopped run has other parameters (deals 1000 there, 2000 asked)" in err
    _one_error_line(err)
    code, _, err = run_cli(args + ["--resume"], capsys)
    assert code == 0, err
    assert "(resumed)" in (tmp_path / "r" / "README.md").read_text()
    assert not (tmp_path / "r" / build.CHECKPOINT).exists()


def test_a_table_file_is_not_replaced_without_force(tmp_path, capsys):
    out = tmp_path / "t.csv"
    args = ["table", "sheepshead", "--deals", "100", "--threads", "1", "--out", str(out)]
    assert run_cli(args, capsys)[0] == 0
    out.write_text("kept\n")
    code, _, err = run_cli(args, capsys)
    assert code == 2 and "already exists" in err and "--force" in err
    _one_error_line(err)
    assert out.read_text() == "kept\n"
    assert run_cli(args + ["--force"], capsys)[0] == 0
    assert out.read_text() != "kept\n"


def test_an_equity_table_folder_is_not_replaced_without_force(tmp_path, capsys):
    (tmp_path / "equity.csv").write_text("kept\n")
    code, _, err = run_cli(["500", "equity", "--score", "0:0", "--deals", "100", "--table-out", str(tmp_path)],
                           capsys)
    assert code == 2 and "already holds equity.csv" in err and "--force" in err
    _one_error_line(err)
    assert (tmp_path / "equity.csv").read_text() == "kept\n"
