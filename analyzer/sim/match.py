"""Duplicate matches between two play models: the part every trick game shares.

A match deals self-play deals (the auction, the exchange and any call by the game's
bidding policy, which does not depend on how the cards are played), and plays every
deal that gets a contract twice with the same cards and the same random streams: once
with model A at the contracting side's seats and model B at the defenders', once the
other way round.  The luck of the cards cancels in the difference

    d = net(A contracts, B defends) - net(B contracts, A defends)

where ``net`` is the contracting side's points for the deal minus the defenders'.  So
``d`` is A's points minus B's points over the two plays of one deal: "A - B points a
deal".  A model against itself gives exactly 0 on every deal.

A third play of each deal, B at every seat, splits ``d`` into what A gains as the
contracting side, net(A contracts) - net(B everywhere), and as the defending side,
net(B everywhere) - net(B contracts, A defends): where the weaker model loses.

Each game's ``match.py`` has a kernel that writes one record a deal (``REC_*``: played,
the three plays' nets and makes) and a ``match`` function that calls ``run_match``
here; the record's points are in the game's own units, ``scale`` of them a point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .. import registry
from ..answer import Answer
from ..errors import InputError
from ..stats import Z95, wilson

MODELS = ("heuristic", "pimc")
# a deal's record: played? (1; 0 no contract; -1 a contract the models cannot both play,
# left out), the nets of the three plays (A contracting, B contracting, B
# everywhere), whether each made its contract
# and the contract's kind (the game's ``Match.kinds`` index)
REC_PLAYED, REC_NET_A, REC_NET_B, REC_NET_0, REC_MADE_A, REC_MADE_B, REC_MADE_0, REC_KIND = range(8)
REC_SIZE = 8
# the chunk's sums: deals, played, d, d^2, each play's net and net^2, each play's makes,
# (made A - made B)^2, A's gain as contractor and as defender with their squares
(S_DEALS, S_PLAYED, S_D, S_D2, S_NA, S_NA2, S_NB, S_NB2, S_N0, S_N02, S_MA, S_MB, S_M0, S_DM2,
 S_GC, S_GC2, S_GD, S_GD2, S_LEFT_OUT) = range(19)
S_SIZE = 19


def check_models(a: str, b: str) -> None:
    for name, m in (("--a", a), ("--b", b)):
        if m not in MODELS:
            raise InputError(f"{name} must be one of {', '.join(MODELS)}, not {m!r}")


def check_match(a: str, b: str, deals: int | None, default_deals: int, seed: int | None,
                threads: int | None) -> tuple[int, int]:
    """A game's ``match`` arguments validated: the models, and (deals, seed) with their
    defaults (``default_deals``, seed 0)."""
    from ..validate import check_run
    check_models(a, b)
    deals = default_deals if deals is None else deals
    seed = 0 if seed is None else seed
    check_run(deals, seed, threads)
    return deals, seed


def sums(rec: np.ndarray, scale: int, n_kinds: int = 0) -> np.ndarray:
    """The chunk's statistics, flat: ``S_*`` (float64) of every deal, then of each kind of
    contract (``REC_KIND``)."""
    out = [_sums(rec, scale)]
    for k in range(n_kinds):
        out.append(_sums(rec[rec[:, REC_KIND] == k], scale))
    return np.concatenate(out)


def _sums(rec: np.ndarray, scale: int) -> np.ndarray:
    out = np.zeros(S_SIZE, np.float64)
    out[S_DEALS] = rec.shape[0]
    played = rec[rec[:, REC_PLAYED] == 1]
    out[S_LEFT_OUT] = (rec[:, REC_PLAYED] < 0).sum()
    na, nb, n0 = (played[:, k].astype(np.float64) / scale for k in (REC_NET_A, REC_NET_B, REC_NET_0))
    dm = (played[:, REC_MADE_A] - played[:, REC_MADE_B]).astype(np.float64)
    out[S_PLAYED] = played.shape[0]
    for k, x in ((S_D, na - nb), (S_NA, na), (S_NB, nb), (S_N0, n0), (S_GC, na - n0), (S_GD, n0 - nb)):
        out[k] = x.sum()
        out[k + 1] = (x * x).sum()
    out[S_MA] = played[:, REC_MADE_A].sum()
    out[S_MB] = played[:, REC_MADE_B].sum()
    out[S_M0] = played[:, REC_MADE_0].sum()
    out[S_DM2] = (dm * dm).sum()
    return out


def _mean_se(n: float, s1: float, s2: float) -> tuple[float, float]:
    if n <= 0:
        return math.nan, math.nan
    mean = s1 / n
    var = max(s2 / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return mean, math.sqrt(var / n)


@dataclass
class Match:
    """What a game's ``match`` tells ``run_match``: labels, the chunk function and notes."""
    game: str                      # "five-hundred"
    title: str                     # "Five Hundred, four players"
    contract: str                  # what a side does when it contracts: "contractor", "maker", "picker"
    kinds: tuple                   # labels of the contract kinds (REC_KIND)
    chunk: object                  # chunk(start, n) -> REC_SIZE records (int64, n rows)
    scale: int = 1                 # record units a point
    chunk_size: int = 1024
    meta: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)


def run_match(m: Match, a: str, b: str, deals: int, seed: int, worlds: int | None, threads: int | None,
              progress: bool) -> Answer:
    """Run the chunks of ``m`` (progress, Ctrl-C and --resume as every question) and
    answer with the table of both sides and the difference's 95% interval."""
    from ..compiling import announce
    from . import runner

    n_kinds = len(m.kinds)

    def chunk(start, n):
        if n == 0:
            return np.zeros(S_SIZE * (n_kinds + 1), np.float64)
        return sums(m.chunk(start, n), m.scale, n_kinds)

    play = "pimc" if "pimc" in (a, b) else "heuristic"
    with announce(m.title.split(",")[0], play):
        run = runner.run_chunks(chunk, deals, threads=threads, progress=progress, chunk_size=m.chunk_size,
                                desc="match")
    every = run.stats.reshape(n_kinds + 1, S_SIZE)
    s = every[0]
    played = s[S_PLAYED]
    d, d_se = _mean_se(played, s[S_D], s[S_D2])
    rows = []
    for side, model, k_net, k_made in (("A", a, S_NA, S_MA), ("B", b, S_NB, S_MB),
                                       ("baseline", f"{b} at every seat", S_N0, S_M0)):
        net, net_se = _mean_se(played, s[k_net], s[k_net + 1])
        lo, hi = wilson(s[k_made], played) if played else (math.nan, math.nan)
        rows.append({"side": side, "model": model, "contracts": int(played),
                     "p_make": s[k_made] / played if played else math.nan, "p_make_lo": float(lo),
                     "p_make_hi": float(hi), "net": net, "net_se": net_se})
    table = pd.DataFrame(rows)
    by_kind = []
    for k, label in enumerate(m.kinds):
        sk = every[k + 1]
        if sk[S_PLAYED]:
            dk, dk_se = _mean_se(sk[S_PLAYED], sk[S_D], sk[S_D2])
            by_kind.append({"kind": label, "played": int(sk[S_PLAYED]), "a_minus_b": dk, "se": dk_se,
                            "p_make_a": sk[S_MA] / sk[S_PLAYED], "p_make_b": sk[S_MB] / sk[S_PLAYED],
                            "p_make_base": sk[S_M0] / sk[S_PLAYED],
                            "a_gain_contracting": sk[S_GC] / sk[S_PLAYED], "a_gain_defending": sk[S_GD] / sk[S_PLAYED],
                            "share_of_difference": sk[S_D] / s[S_D] if s[S_D] else math.nan})
    dm = (s[S_MA] - s[S_MB]) / played if played else math.nan
    dm_se = _mean_se(played, s[S_MA] - s[S_MB], s[S_DM2])[1]
    gc, gc_se = _mean_se(played, s[S_GC], s[S_GC2])
    gd, gd_se = _mean_se(played, s[S_GD], s[S_GD2])
    meta = {"game": m.game, "title": m.title, "a": a, "b": b, "deals": int(run.n_done), "played": int(played),
            "left_out": int(s[S_LEFT_OUT]),
            "seed": seed, "worlds": worlds if play == "pimc" else None, "a_minus_b": d, "se": d_se,
            "lo": d - Z95 * d_se, "hi": d + Z95 * d_se, "p_make_a_minus_b": dm, "p_make_diff_se": dm_se,
            "a_gain_contracting": gc, "a_gain_contracting_se": gc_se, "a_gain_defending": gd,
            "a_gain_defending_se": gd_se, "by_kind": by_kind,
            "contract": m.contract, **m.meta}
    notes = list(m.notes)
    if not played:
        text = (f"no deal could be compared: {int(s[S_LEFT_OUT]):,} left out (beyond the solver), the others had "
                "no contract")
        best = "none"
    elif a == b:
        text = f"{a} against itself: A - B is {d:+.1f} points a deal (exactly 0 by construction)"
        best = "tie"
    elif d - Z95 * d_se > 0 or d + Z95 * d_se < 0:
        win, lose = (a, b) if d > 0 else (b, a)
        text = (f"{win} beats {lose} by {abs(d):.1f} points a deal (95% interval {abs(d) - Z95 * d_se:.1f} to "
                f"{abs(d) + Z95 * d_se:.1f})")
        best = win
    else:
        text = (f"no measurable difference: A ({a}) - B ({b}) = {d:+.1f} points a deal (95% interval "
                f"{d - Z95 * d_se:+.1f} to {d + Z95 * d_se:+.1f})")
        best = "tie"
    return Answer(m.game, "match", table, best, text, meta, {"elapsed": run.elapsed}, notes)


MATCH_GAMES = tuple(registry.names("match", aliases=True))


def duplicate_match(game: str, a: str = "pimc", b: str = "heuristic", players: int | None = None, deck: int = 24,
                    deals: int | None = None, seed: int | None = 0, worlds: int | None = None,
                    threads: int | None = None, rules: list[str] | None = None, progress: bool = False) -> Answer:
    """A duplicate match of models ``a`` and ``b`` in ``game`` (``analyzer match`` and
    ``analyzer.match``): the ``match`` of the game's registration (``games/<game>/front.py``),
    which takes the table options it knows (``players``: Five Hundred 2-6, default 4;
    Euchre 2 or 4, default 2, and ``deck``; Sheepshead only 5, Pinochle only 4)."""
    g = registry.GAMES.get(registry.canonical(game) or "")
    if g is None or not g.match:
        raise InputError(f"no match for game {game!r}: one of {', '.join(MATCH_GAMES)}")
    return registry.front(g.name).match(a=a, b=b, players=players, deck=deck, deals=deals, seed=seed, worlds=worlds,
                       threads=threads, rules=list(rules or ()), progress=progress)
