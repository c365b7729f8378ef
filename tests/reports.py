"""Test helpers for reports: a module's survey statistics, the checks every report folder
must pass, and a survey run that is interrupted part-way (for checkpoint and resume)."""

import os

import pandas as pd
import pytest


def survey_fixture(survey, deals: int, seed: int = 3):
    """A module-scoped fixture (assign it to ``flat``): the flat statistics of ``deals``
    deals of a report's survey module, on two threads."""
    @pytest.fixture(scope="module")
    def flat():
        return survey.run_survey(deals, seed=seed, threads=2).stats
    return flat


def check_report_folder(out, summary) -> str:
    """The folder ``out`` written by ``write_report`` (``summary``) holds a README.md and no
    checkpoint; every PNG is one and is embedded in the README; every Parquet table has the
    rows of its CSV twin, and some.  Returns the README's text."""
    files = set(os.listdir(out))
    assert "README.md" in files and not any(f.startswith(".checkpoint") for f in files)
    text = (out / "README.md").read_text()
    for f in summary["files"]:
        if f.endswith(".png"):
            with open(out / f, "rb") as fh:
                assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
            assert f"({f})" in text
        elif f.endswith(".parquet"):
            df = pd.read_parquet(out / f)
            csv = pd.read_csv(out / f.replace(".parquet", ".csv"))
            assert len(df) == len(csv) > 0
    return text


def interrupting(run_survey, after: int):
    """A ``GameReport.run`` for a survey module's ``run_survey`` that raises
    KeyboardInterrupt (as Ctrl-C would) once ``after`` chunks have been recorded; one thread."""
    calls = {"n": 0}

    def run(deals, seed, threads, progress, on_chunk, skip, initial):
        def hook(index, stats):
            on_chunk(index, stats)
            calls["n"] += 1
            if calls["n"] == after:
                raise KeyboardInterrupt
        return run_survey(deals, seed, 1, False, on_chunk=hook, skip=skip, initial=initial)

    return run


SMALL_EQUITY_CAP = 690     # scores above it count as it (the product's grid: equity.DEFAULT_CAP, 1,490)


def shrink_equity_grid(monkeypatch):
    """Five Hundred's game equity (a report's equity section) solved on the smaller score
    grid of ``SMALL_EQUITY_CAP``: about a third of the value iteration, which is most of a
    small Five Hundred report's time.  For tests of a report's folder, its resumption or
    its other sections; ``tests/test_five_hundred_equity.py`` checks the product's grid."""
    import functools

    from analyzer.games.five_hundred import equity
    monkeypatch.setattr(equity, "equity_table", functools.partial(equity.equity_table, cap=SMALL_EQUITY_CAP))


def skip_saving_charts(monkeypatch):
    """Let a report draw its charts but not save them (``ReportWriter.figure`` closes the
    figure): the ``charts_not_saved`` fixture, and module fixtures that cannot use it."""
    import matplotlib.pyplot as plt

    from analyzer.report.writer import ReportWriter
    monkeypatch.setattr(ReportWriter, "figure", lambda self, name, fig, caption: plt.close(fig))
