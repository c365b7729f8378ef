"""Helpers of the reference checks (``tests/test_reference_*.py``): what a question's run
used, its deals one by one, and the deals that count."""

from __future__ import annotations

import numpy as np
import pytest


def capture_kwargs(monkeypatch, module, name: str) -> dict:
    """Let ``module.name`` (called as ``f(n, **kwargs)``: a question's examples hook) run as
    before and keep its keyword arguments (what the question's run used) in the dict
    returned."""
    seen = {}
    real = getattr(module, name)

    def spy(n, **kwargs):
        seen.update(kwargs)
        return real(n, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def weighted(records, w_col: int):
    """(deal, weight) of every deal whose record ``records[i]`` has a positive weight (the
    deals dealt to fit the calls heard weigh by how many hands fit; the others count 0)."""
    for i in range(records.shape[0]):
        w = float(records[i, w_col])
        if w > 0:
            yield i, w


def weighted_paired(w, d) -> tuple[float, float]:
    """Mean and standard error of the per-deal differences ``d`` weighted by ``w``, written
    out from their definition (effective deals (sum w)^2 / sum w^2): what a question's
    ``a_minus_b`` and ``se`` must equal."""
    w, d = np.asarray(w, float), np.asarray(d, float)
    sw, sw2 = w.sum(), (w * w).sum()
    mean = (w * d).sum() / sw
    n_eff = sw * sw / sw2
    var = ((w * d * d).sum() / sw - mean * mean) * n_eff / (n_eff - 1)
    return float(mean), float(np.sqrt(var / n_eff))


def per_deal_stats(run_survey, deals: int, seed: int, chunk_constant=None):
    """(the survey's totals, {deal: that deal's statistics}): the survey run in chunks of
    one deal, each chunk's statistics kept as it finishes (``chunk_constant``: (module,
    name) of a survey's own chunk size, set to 1 as well)."""
    from analyzer.sim import runner
    mp = pytest.MonkeyPatch()
    mp.setattr(runner, "CHUNK_SIZE", 1)
    if chunk_constant is not None:
        mp.setattr(*chunk_constant, 1)
    per = {}
    try:
        total = run_survey(deals, seed, threads=2, on_chunk=lambda i, stats: per.__setitem__(i, stats)).stats
    finally:
        mp.undo()
    assert sorted(per) == list(range(deals))
    return total, per


def cell(hist) -> tuple:
    """The one cell a one-deal histogram counts."""
    where = np.argwhere(hist)
    assert len(where) == 1 and hist[tuple(where[0])] == 1
    return tuple(int(x) for x in where[0])
