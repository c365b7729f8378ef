"""Differential test against OpenSpiel's euchre (four-handed, 24 cards): 1,000 seeded random
games, checking legal bids, discards and cards at every step, trick winners, trick counts
and points (see scripts/validate_euchre_openspiel.py)."""

import os
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel, or the validate extra)")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))


def test_openspiel_games_agree(capsys):
    import validate_euchre_openspiel as v

    assert v.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "1,000 OpenSpiel euchre games agree" in out
