"""The solver configured as bridge against DDS (through endplay) on a fixed seeded set of
6-8 card endings, and the validation script's --quick mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import validate_dds  # noqa: E402

REASON = validate_dds.dds_available()
needs_dds = pytest.mark.skipif(REASON is not None, reason=REASON or "")


@needs_dds
@pytest.mark.parametrize("cards", [6, 7, 8])
def test_agrees_with_dds(cards):
    from analyzer.tricks.dd import Solver

    deals = validate_dds.random_deals(25, cards, seed=1000 + cards)
    rows = validate_dds.compare(deals, Solver(4.0))
    diffs = [r for r in rows if r["ours"] != r["dds"]]
    assert not diffs, diffs[:3]


@needs_dds
def test_validate_script_quick():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "validate_dds.py"), "--quick"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "30/30 identical" in r.stdout
