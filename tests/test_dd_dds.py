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


def _five_hundred_as_bridge(rng, strain: str, cards: int):
    """Four hands of ``cards`` Five Hundred cards that play exactly as bridge cards in
    ``strain``: no joker, and in a suit no jack of the trump's colour (the bowers); the
    hands as Five Hundred cards and as a PBN deal (the same ranks and suits)."""
    from tests.reference import five_hundred as ref
    colour = {"S": "SC", "C": "SC", "D": "DH", "H": "DH"}.get(strain, "")
    pool = [c for c in ref.DECK if c != ref.JOKER and not (c[0] == "J" and c[1] in colour)]
    rng.shuffle(pool)
    hands = [pool[h * cards:(h + 1) * cards] for h in range(4)]
    pbn = "N:" + " ".join(".".join("".join(sorted((c[0] for c in hand if c[1] == s), key="AKQJT98765432".index))
                                   for s in "SHDC") for hand in hands)
    return hands, pbn


@needs_dds
def test_five_hundred_deals_that_are_bridge_deals_agree_with_dds():
    """Five Hundred positions with neither the joker nor a bower, solved with Five
    Hundred's rules and layout, take the tricks DDS gives the same cards as bridge."""
    import random

    from analyzer.tricks.dd import Solver
    from tests.conftest import kernel_rules, to_mask

    rng = random.Random(500)
    solver = Solver(4.0)
    for i in range(40):
        strain = rng.choice(["S", "C", "D", "H", "NT"])
        cards = rng.choice([5, 6, 7])
        hands, pbn = _five_hundred_as_bridge(rng, strain, cards)
        leader = rng.randrange(4)
        side = 0b0101 if leader % 2 == 0 else 0b1010
        ours = solver.solve(kernel_rules(strain), [int(to_mask(h, strain)) for h in hands], leader, side)
        theirs = validate_dds.dds_solve(pbn, "SCDHN".index(strain[0]) if strain != "NT" else 4, leader)
        assert ours == theirs, (i, strain, pbn, "NESW"[leader])
