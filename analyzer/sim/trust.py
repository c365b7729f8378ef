"""How far to trust the fast answer: an agreement benchmark of two play models.

A fixed set of decisions drawn from self-play (each game's ``trust.py``: deals by the
seed, the decision a seat faces when the bidding policy brings the auction to it) is
answered twice by the game's own question, with the fast model (the heuristic players)
and with the stronger one (single-dummy, or double-dummy where that is what is cheap),
each on its own deals from the decision's seed.  For every decision:

- ``agree``: both recommend the same option (the best expected score);
- ``regret``: the stronger model's value of its own best minus its value of the fast
  model's choice (0 when they agree), in the game's points a deal;
- ``clear``: the regret exceeds twice its standard error (the two rows' errors combined),
  so the disagreement is not the noise of a near tie.

The summary: the share of identical recommendations (Wilson interval), the mean regret
with its 95% interval over the decisions, and the share of clear disagreements.  Both
models' answers are noisy, so a small regret is partly noise of the strong answer; a
near tie counts as disagreement when the noise picks the other option.

A decision the question refuses (an ``InputError``: say, an auction too rare to deal for)
is kept as a row with the refusal in ``skipped`` and left out of the summary, never
stopping the run.

Finished decisions are written to ``out`` (CSV) as they finish, with the parameters in a
sidecar JSON; ``--resume`` with the same parameters continues where it stopped, and may
ask for more decisions (the first ``n`` decisions of a seed do not depend on how many
are drawn).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..answer import Answer
from ..errors import InputError, Interrupted
from ..stamp import compare as compare_stamp
from ..stamp import stamp, stamped
from ..stats import Z95, wilson

TRUST_SOURCES = ("sim/trust.py",)   # besides the game's own files: what decides a trust file


@dataclass
class Decision:
    """One benchmark position: the question's keyword arguments and a label for people."""
    kind: str                      # the question: "bid", "order", "call", "pick", "take"
    kwargs: dict                   # the question function's arguments but deals/seed/play/worlds
    label: str
    fast: object = None            # the fast choice when it is a rule's, not a question's (Bench.fast)


@dataclass
class Bench:
    """A game's benchmark: its decisions and how to answer one."""
    game: str
    strong: str                    # the stronger model: "pimc" or "dd"
    fast_deals: int
    strong_deals: int
    decisions: list                # Decision
    ask: object                    # ask(decision, play, deals, seed, worlds) -> Answer
    key: object                    # key(table) -> a Series of option names
    value: str = "ev"              # the column compared (the game's points a deal)
    allowed: object = None         # allowed(table) -> boolean mask of the options one may take
    notes: list = field(default_factory=list)
    se: str | None = None          # the standard error's column (default: value + "_se")
    fast: object = None            # fast(decision, strong table) -> the option the fast rule takes; then
    #                                the fast model is that rule (no question asked), valued by the strong answer


def _se_column(bench: Bench) -> str:
    return bench.se or f"{bench.value}_se"


def _best(table: pd.DataFrame, bench: Bench) -> tuple[str, pd.Series, pd.Series]:
    keys = bench.key(table)
    ok = bench.allowed(table) if bench.allowed is not None else pd.Series(True, index=table.index)
    vals = table[bench.value].where(ok)
    return str(keys[vals.idxmax()]), keys, ok


def compare(bench: Bench, d: Decision, fast: Answer | None, strong: Answer) -> dict:
    """The benchmark row of one decision from its two answers (``fast`` None: the fast
    choice is ``bench.fast``'s rule, valued by the strong answer)."""
    s_best, keys, _ = _best(strong.table, bench)
    st = strong.table.assign(_key=keys.values).set_index("_key")
    if fast is None:
        f_best = bench.fast(d, strong.table)
        fast_value = float(st.loc[f_best, bench.value])
    else:
        f_best, _, _ = _best(fast.table, bench)
        fast_value = float(fast.table.assign(_key=bench.key(fast.table).values).set_index("_key")
                           .loc[f_best, bench.value])
    se_col = _se_column(bench)
    top, got = st.loc[s_best], st.loc[f_best]
    regret = float(top[bench.value] - got[bench.value])
    se = math.sqrt(float(top[se_col]) ** 2 + float(got[se_col]) ** 2) if f_best != s_best else 0.0
    return {"kind": d.kind, "position": d.label, "fast": f_best, "strong": s_best, "agree": f_best == s_best,
            "regret": regret, "regret_se": se, "clear": bool(f_best != s_best and regret > 2 * se),
            "fast_value": fast_value, "strong_value": float(top[bench.value])}


COLUMNS = ("index", "kind", "position", "fast", "strong", "agree", "regret", "regret_se", "clear", "fast_value",
           "strong_value", "skipped")


def skipped_row(i: int, d: Decision, why: str) -> dict:
    """The row of a decision the question refused: the refusal, no comparison."""
    return {"index": i, "kind": d.kind, "position": d.label, "fast": "", "strong": "", "agree": False,
            "regret": math.nan, "regret_se": math.nan, "clear": False, "fast_value": math.nan,
            "strong_value": math.nan, "skipped": why}


def answered(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows of the decisions both models answered."""
    if "skipped" not in rows:
        return rows
    return rows[rows["skipped"].fillna("").astype(str) == ""]


def summary(rows: pd.DataFrame) -> dict:
    rows = answered(rows)
    n = len(rows)
    agree = int(rows["agree"].sum())
    lo, hi = wilson(agree, n)
    r = rows["regret"].to_numpy(float)
    mean = float(r.mean()) if n else math.nan
    se = float(r.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    clear = int(rows["clear"].sum())
    c_lo, c_hi = wilson(clear, n)
    return {"decisions": n, "agree": agree / n if n else math.nan, "agree_lo": float(lo), "agree_hi": float(hi),
            "mean_regret": mean, "regret_se": se, "regret_lo": mean - Z95 * se, "regret_hi": mean + Z95 * se,
            "clear": clear / n if n else math.nan, "clear_lo": float(c_lo), "clear_hi": float(c_hi)}


def _params(bench: Bench, seed: int, worlds: int | None, n: int, players: int | None) -> dict:
    return {"game": bench.game, "players": players, "strong": bench.strong, "fast_deals": bench.fast_deals,
            "strong_deals": bench.strong_deals, "decisions": n, "seed": seed, "worlds": worlds}


def run_trust(bench: Bench, seed: int, worlds: int | None, out: str | None = None, resume: bool = False,
              progress: bool = False, threads: int | None = None, players: int | None = None) -> Answer:
    """Answer every decision of ``bench`` with both models and summarise; each finished
    decision is appended to ``out`` (CSV; the parameters in ``out``.json, ``players`` the
    table's size among them).  ``resume`` continues the stopped run in ``out`` (refused if
    its parameters differ, or if the code that decides its figures changed since: the
    stamp compared as ``analyzer report --check`` does); without it an ``out`` that holds a
    benchmark is refused.  Ctrl-C raises ``errors.Interrupted``: the finished decisions
    are in ``out``."""
    n = len(bench.decisions)
    params = _params(bench, seed, worlds, n, players)
    # which code made the file (``analyzer report --check``); a bench of no game (tests) has none
    code = stamp(bench.game, TRUST_SOURCES) if stamped(bench.game) else {}
    done = pd.DataFrame()
    if resume and out is None:
        raise InputError("--resume needs the --out file of the run to continue")
    if out is not None:
        side = out + ".json"
        held = os.path.exists(out) and os.path.getsize(out) > 0
        if resume:
            if not held or not os.path.exists(side):
                raise InputError(f"nothing to resume: {out} holds no benchmark")
            with open(side) as f:
                old = json.load(f)
            done = pd.read_csv(out)
            kept = old.pop("code", None)
            old.setdefault("players", players)   # a file from before the table size was recorded
            same = {k: v for k, v in old.items() if k != "decisions"} == {k: v for k, v in params.items()
                                                                          if k != "decisions"}
            if not same or len(done) > n:
                raise InputError(f"{out} holds a benchmark with other parameters ({old}); give the same ones "
                                 "(--decisions may grow), or another --out")
            if kept and code and not compare_stamp(kept)[0]:
                raise InputError(f"{out} was begun by other code (stamp {kept.get('stamp')}, today's "
                                 f"{code.get('stamp')}): its decisions would mix two players; start again with --out")
            if "skipped" not in done:        # a file from before the column: rewritten with it
                done["skipped"] = ""
                done.reindex(columns=list(COLUMNS)).to_csv(out, index=False)
            with open(side, "w") as f:
                json.dump(params | {"code": code}, f)
        else:
            if held:
                raise InputError(f"{out} already holds a benchmark: give --resume to continue it, or another --out")
            with open(side, "w") as f:
                json.dump(params | {"code": code}, f)
    rows = done.to_dict("records")
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=n, initial=len(rows), desc=f"{bench.game} decisions", unit="decision", leave=False)
    try:
        for i in range(len(rows), n):
            d = bench.decisions[i]
            try:
                fast = None if bench.fast is not None else bench.ask(d, "heuristic", bench.fast_deals, seed + i,
                                                                      None, threads)
                strong = bench.ask(d, bench.strong, bench.strong_deals, seed + i, worlds, threads)
                row = {"index": i, **compare(bench, d, fast, strong), "skipped": ""}
            except InputError as err:
                row = skipped_row(i, d, str(err))
            rows.append(row)
            if out is not None:
                pd.DataFrame([row], columns=list(COLUMNS)).to_csv(
                    out, mode="a", header=not os.path.exists(out) or not os.path.getsize(out), index=False)
            if bar is not None:
                bar.update(1)
    except (KeyboardInterrupt, Interrupted):
        kept = (f"the finished ones are in {out}: rerun with --resume to continue" if out is not None else
                "give --out FILE to keep the finished decisions")
        raise Interrupted(f"stopped after {len(rows)} of {n} decisions; {kept}") from None
    finally:
        if bar is not None:
            bar.close()
    table = pd.DataFrame(rows)
    if "skipped" not in table:
        table["skipped"] = ""
    table["skipped"] = table["skipped"].fillna("").astype(str)
    s = summary(table)
    if s["decisions"] == 0:
        raise InputError(f"none of the {len(table)} decisions could be answered: {table['skipped'].iloc[0]}")
    notes = list(bench.notes)
    refused = table[table["skipped"] != ""]
    if len(refused):
        notes.append(f"{len(refused)} decision(s) refused by the question and left out (the skipped column), e.g. "
                     f"decision {int(refused['index'].iloc[0])}: {refused['skipped'].iloc[0]}")
    text = (f"the fast model's choice is the {bench.strong} model's on {100 * s['agree']:.0f}% of {s['decisions']} "
            f"decisions ({100 * s['agree_lo']:.0f}-{100 * s['agree_hi']:.0f}%); mean regret {s['mean_regret']:.3f} "
            f"({s['regret_lo']:.3f} to {s['regret_hi']:.3f}) points a decision; clearly worse on "
            f"{100 * s['clear']:.0f}%")
    by_kind = {k: summary(g) for k, g in answered(table).groupby("kind")}
    meta = {**params, **s, "by_kind": by_kind}
    return Answer(bench.game, "trust", table, "", text, meta, {}, notes)


def decision_seed(seed: int, salt: int) -> np.random.Generator:
    """The position generator's random stream (positions depend on the seed only)."""
    return np.random.default_rng([int(seed), int(salt)])

