"""Euchre charts, and the Euchre section of the strategy report."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.euchre.scoring import OUTCOMES

if TYPE_CHECKING:
    import pandas as pd


def plot_outcomes(answer, path: str):
    """Left: how each action ends (stacked outcome shares); right: its EV with ±2 se."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    t = answer.table
    labels = [r.label + (f"\n(discard {r.discard})" if isinstance(r.discard, str) else "")
              for r in t.itertuples()]
    parts = [("we make", t["p_make"] - t["p_march"], "#2a9d8f"),
             ("we march", t["p_march"], "#1d6f65"),
             ("we are euchred", t["p_euchred"], "#e76f51"),
             ("they make", t["p_they_make"], "#f4a261"),
             ("we euchre them", t["p_they_euchred"], "#8ab17d"),
             ("redeal", t["p_redeal"], "#adb5bd")]
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 0.6 * len(t) + 2.2),
                                  gridspec_kw={"width_ratios": [3, 2]})
    y = np.arange(len(t))
    left = np.zeros(len(t))
    for name, share, colour in parts:
        ax.barh(y, 100 * share, left=100 * left, color=colour, label=name)
        left += np.asarray(share, float)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlabel("% of deals")
    ax.set_xlim(0, 100)
    ax.legend(fontsize=8, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.18))
    colours = ["#2a9d8f" if a == answer.best else "#6c757d" for a in t["action"]]
    ax2.barh(y, t["ev"], xerr=2 * t["ev_se"].fillna(0), color=colours)
    ax2.axvline(0, color="black", lw=0.8)
    ax2.set_yticks(y, [""] * len(t))
    ax2.invert_yaxis()
    ax2.set_xlabel("EV, points (your side − theirs)")
    m = answer.meta
    card = f"upcard {m['upcard']}" if "upcard" in m else f"turned down {m['turned_down']}"
    fig.suptitle(f"Euchre ({m['players']}-handed) — {m['hand']}, {card}, {m['position']} "
                 f"({m['deals']:,} deals)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)



# ----------------------------------------------------------------------------- report
GAME_NAME = {2: "Two-handed", 4: "Four-handed"}
MAKE_LABEL = {"order": "ordering up (the dealer: accepting)", "call": "calling the best suit"}


def build_report(flat, writer, min_deals: int):
    """Tables and charts of a Euchre survey (heuristic play) into ``writer``."""
    from ..games.euchre import survey as sv

    writer.heading("How to read the Euchre tables")
    writer.text(f"""
Each **deal** is a fully random 24-card deal, dealt once two-handed and once four-handed
(default rules: redeal when all pass twice, the dealer may discard the upcard). One seat is
the **player** being classified; its position after the dealer rotates with the deal
number (two-handed: seat 1 non-dealer, 2 dealer; four-handed: 1 left of the dealer,
2 the dealer's partner, 3 right of the dealer, 4 the dealer), so every position has its
own, independent deals. Everybody else bids by the analyzer's bidding policy and all
seats play with the heuristic players.

- **Round one** counts when every seat before the player passed (a deal in which
  somebody ordered up first does not reach the player). On that **same deal** every
  action open to the player is played out: *pass*, *order* (for the dealer: accept,
  picking up and discarding by the heuristic) and, four-handed, *alone*; after the
  player's action the auction goes on by policy. Hand classes: **trumps** in the upcard's
  suit counting the left bower (not the upcard itself, which the dealer gets), **bowers**
  held (none / left / right / both), outside **aces**, the **upcard**'s rank (low = 9, 10
  or queen) and the seat.
- **Round two** counts when everybody, the player included, passed round one by policy
  and the seats before the player passed again. The player's *best callable suit* is the
  one the policy would name; the actions are *pass*, *call* it and, four-handed, *alone*.
  Hand classes as above in that suit, and whether it is **next** (the turned-down card's
  colour) or **cross**.
- **Points** are the player's side minus the other side for the deal: make +1, march +2,
  lone march +4, euchred −2, the same with signs swapped when the others make trump, a
  redeal 0. `ev_<action>` is the mean with its standard error; **`gain` = EV(order or
  call) − EV(pass)** measured on the same deals (paired, so its interval is narrow),
  `gain_alone` = EV(alone) − EV(with partner). `best` is the action with the highest EV
  and `clear` says whether it beats the runner-up by more than its 95% interval.
  `p_make` is P(the player's side makes trump and takes 3+ tricks) when it orders
  (calls), with its Wilson interval; `p_march`, `p_euchred` likewise.
- **Strength** is the bidding policy's hand value in tenths of a trick (each trump 5, +1
  for each rank above the 10 up to the right bower; outside ace 7, king 2; a void 3 with
  two trumps or more; in round one the upcard's worth is added for the dealer's side
  and subtracted for the other). The **break-even threshold** is the strength from which
  acting pays: the T for which "act iff strength ≥ T" gains the most over never acting,
  which is where EV(act) − EV(pass) crosses zero.
- Rows with fewer than {min_deals} deals say *few deals* in the `note` column and are
  hatched in the charts, with their count.
""")
    writer.table("reach", sv.reach_table(flat),
                 "How often each decision is reached, per game and seat (the rest: somebody "
                 "earlier made trump). Round two is rare for late seats because the policy "
                 "calls on almost any hand in round two.")
    thresholds = sv.threshold_table(flat, min_deals=min_deals)
    strength = sv.strength_table(flat, min_deals)
    for n in sv.PLAYERS:
        _game_section(flat, writer, min_deals, n, thresholds, strength)

    writer.heading("Break-even thresholds")
    writer.text("""
Per game, decision and seat: the break-even strength with its 95% bootstrap range, the
share of reached deals at or above it, and the points per reached deal that acting from
there gains over never acting. `policy_threshold` is what the bidding policy the other
players use has (fitted by `scripts/tune_euchre.py`), and `gain_vs_policy` what the
break-even rule gains over it on the same deals (measured in-sample, so slightly
optimistic; values within two standard errors of zero mean the policy is as good).
""")
    writer.table("thresholds", thresholds, "Break-even thresholds, both games.",
                 preview_cols=["players", "decision", "seat", "position", "comparison", "deals",
                               "break_even", "break_even_lo", "break_even_hi", "policy_threshold",
                               "p_act", "gain_per_deal", "gain_vs_policy", "gain_vs_policy_se",
                               "note"])
    writer.table("gain_by_strength", strength,
                 "Gain of acting by strength, every game, decision, seat and comparison.",
                 preview_rows=0)



DD_BY = ["seat", "trumps"]


def dd_difference(dd_flat) -> "pd.DataFrame":
    """Every game and decision: per seat and trumps, the gain (make − pass) with heuristic
    play and with double-dummy play on the same deals, and heuristic minus dd."""
    import pandas as pd

    from ..games.euchre import survey as sv

    dd, heur = sv.split_dd(dd_flat)
    parts = []
    for n in sv.PLAYERS:
        for decision in sv.DECISIONS:
            t = sv.difference_table(heur, dd, n, decision, DD_BY)
            t = t.rename(columns={"deals_a": "deals", "gain_a": "gain_heuristic",
                                  "gain_se_a": "gain_heuristic_se", "gain_b": "gain_dd",
                                  "gain_se_b": "gain_dd_se", "diff": "heuristic_minus_dd",
                                  "diff_se": "heuristic_minus_dd_se", "diff_lo": "heuristic_minus_dd_lo",
                                  "diff_hi": "heuristic_minus_dd_hi"}).drop(columns="deals_b")
            t.insert(0, "decision", decision)
            t.insert(0, "players", n)
            parts.append(t)
    return pd.concat(parts, ignore_index=True)


def build_dd_report(dd_flat, heur_flat, writer, min_deals: int):
    """The double-dummy section: the survey's first deals with the tricks solved
    double-dummy, next to heuristic play of the same deals (``survey.run_survey_dd``)."""
    from ..games.euchre import survey as sv

    dd, _ = sv.split_dd(dd_flat)
    n_deals = int(sv.LAYOUT.view(dd, "reach2")[:, 0].sum())
    writer.heading("Double-dummy play")
    writer.text(f"""
The first {n_deals:,} deals of the survey (same seed, same deals, same auctions and the
same discards) with the five tricks solved **double-dummy**: every hand visible, perfect
play by both sides. Double-dummy is not an upper bound for the makers: the defence is
perfect too, so on some deals the heuristic makers take more. `gain_heuristic` and
`gain_dd` are EV(order or call) − EV(pass) per seat and trumps, each measured on the same
deals (paired); **`heuristic_minus_dd`** is their difference with a 95% interval from the
two standard errors added in quadrature — conservative, since both come from the same
deals. A positive value means heuristic play flatters acting compared with perfect play
(the makers' heuristic edge over the heuristic defence), negative the other way.
""")
    diff = dd_difference(dd_flat)
    writer.table("dd_gain_heuristic_minus_dd", diff,
                 "Gain of ordering up / calling over passing: heuristic play, double-dummy play "
                 "and their difference, by game, decision, seat and trumps.",
                 preview_cols=["players", "decision", "seat", "trumps", "deals", "gain_heuristic",
                               "gain_dd", "heuristic_minus_dd", "heuristic_minus_dd_lo",
                               "heuristic_minus_dd_hi", "note"], preview_rows=60)
    for n in sv.PLAYERS:
        for decision in sv.DECISIONS:
            writer.table(f"dd_euchre{n}p_{decision}_by_seat_trumps_bowers",
                         sv.decision_table(dd, n, decision, ["seat", "trumps", "bowers"], min_deals),
                         f"{GAME_NAME[n]}, {MAKE_LABEL[decision]}, double-dummy play: the full "
                         "table by seat, trumps and bowers.", preview_rows=0)
    writer.figure("dd_gain_heuristic_minus_dd", _dd_figure(diff, min_deals),
                  "Heuristic minus double-dummy gain of acting over passing, by trumps, one "
                  "line per seat (±95%; hollow: fewer than "
                  f"{min_deals} deals, no interval; a hollow triangle: such a cell beyond the "
                  "axis, drawn at its edge).")


def _dd_figure(diff, min_deals):
    """Rows: games; columns: decisions.  Heuristic − dd gain by trumps, a line per seat."""
    from ..games.euchre import survey as sv
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    fig, axes = plt.subplots(len(sv.PLAYERS), len(sv.DECISIONS), figsize=(11, 7.5), squeeze=False,
                             layout="constrained")
    for i, n in enumerate(sv.PLAYERS):
        for j, decision in enumerate(sv.DECISIONS):
            ax = axes[i, j]
            sub = diff[(diff["players"] == n) & (diff["decision"] == decision)]
            # the y range of the solid points with their intervals; thin cells beyond it are
            # drawn at its edge (as triangles) rather than stretch the axis
            solid = sub[sub["deals"] >= min_deals]
            half = sv.Z95 * solid["heuristic_minus_dd_se"].fillna(0)
            y_lo = min(float((solid["heuristic_minus_dd"] - half).min()) if len(solid) else -0.5, 0)
            y_hi = max(float((solid["heuristic_minus_dd"] + half).max()) if len(solid) else 0.5, 0)
            pad = 0.08 * (y_hi - y_lo) + 0.02
            y_lo, y_hi = y_lo - pad, y_hi + pad
            for seat in range(1, n + 1):
                s = sub[sub["seat"] == seat]
                ok = s["deals"] >= min_deals
                x = s["trumps"] + 0.07 * (seat - (n + 1) / 2)
                line = ax.errorbar(x[ok], s.loc[ok, "heuristic_minus_dd"],
                                   yerr=sv.Z95 * s.loc[ok, "heuristic_minus_dd_se"], marker="o",
                                   ms=3.5, capsize=2, lw=1,
                                   label=f"seat {seat}: {sv.position_label(n, seat)}")
                thin = s.loc[~ok, "heuristic_minus_dd"]
                for marker, where in (("o", thin.between(y_lo, y_hi)), ("v", thin < y_lo),
                                      ("^", thin > y_hi)):
                    ax.plot(x[~ok][where], thin[where].clip(y_lo + pad / 2, y_hi - pad / 2), marker, ms=4,
                            mfc="none", color=line[0].get_color(), ls="")
            ax.set_ylim(y_lo, y_hi)
            ax.axhline(0, color="black", lw=0.8)
            ax.xaxis.set_major_locator(integer_ticks())
            ax.set_title(f"{GAME_NAME[n]}, round {1 if decision == 'order' else 2}: "
                         f"{MAKE_LABEL[decision]}", fontsize=10)
            ax.set_xlabel("trumps held (left bower counted)", fontsize=9)
            ax.set_ylabel("gain: heuristic − double-dummy, points", fontsize=9)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
    fig.suptitle("Does heuristic play change the value of acting? EV(act) − EV(pass), heuristic "
                 "minus double-dummy, same deals", fontsize=11)
    return fig


PIMC_BY = ["players", "contract", "trumps"]


def build_pimc_section(writer, deals: int, seed: int, threads=None, progress: bool = False) -> str:
    """The play models on the same deals: heuristic, single-dummy (every seat) and
    double-dummy; the makers' P(make) and mean tricks per class with paired differences.
    Returns the preamble's line on it."""
    import time

    from ..games.euchre.pimc import DEFAULT_WORLDS
    from ..games.euchre.survey_pimc import models_table, run_survey_pimc, unpack

    t0 = time.perf_counter()
    run = run_survey_pimc(deals, seed, DEFAULT_WORLDS, threads=threads, progress=progress)
    elapsed = time.perf_counter() - t0
    _, seen = unpack(run.stats)
    t = models_table(run.stats, PIMC_BY)
    tb = models_table(run.stats, ["players", "contract", "bowers"])
    made = int(seen[:, 1].sum())
    total = int(seen[:, 0].sum())
    share = (f"all {total:,} two- and four-handed deals" if made == total else
             f"{made:,} of the {total:,} two- and four-handed deals; the rest were redeals")
    writer.heading("Three play models on the same deals")
    writer.text(f"""
The first {run.n_done:,} deal indices of the survey (same seed: the same two- and
four-handed deals, the same dealers), this time with **every** seat bidding by the
policy: a **deal** here is one such auction in which somebody made trump
({share}). After the same pickup and discard the five tricks are played three ways: by the
heuristic players; **single-dummy** at every seat (each card chosen in {DEFAULT_WORLDS}
sampled layouts of the cards that player cannot see, each solved double-dummy: what a
strong player does without seeing the other hands), the makers aiming at their **3
tricks** and the defenders at stopping them, then, once the hand is made with no trick
lost, both sides at the march; and **double-dummy** (every hand visible, perfect play by
both sides). Classes are the maker's hand as dealt, in the trump named: **trumps**
counting the left bower (not the upcard), **bowers** held, and the contract (two-handed;
four-handed with partner or alone). `p_make_*` is P(the makers take 3 tricks or more) with
its Wilson interval, `tricks_*` their mean tricks; `*_pimc_minus_heuristic` and
`*_dd_minus_pimc` are paired differences (each deal played by all three) with standard
errors. Both sides change model together: a negative `p_make_pimc_minus_heuristic` means
the single-dummy defence gains more over the heuristic defence than the single-dummy
makers over the heuristic makers (likewise double-dummy, whose perfect defence is why
weak makes fall furthest there). The single-dummy makers aim at P(make), so their mean
tricks may trail where an extra trick does not count.
""")
    writer.table("models_by_class", t, "The makers' P(make) and mean tricks for the three play models by game, "
                 "contract and trumps held, with the paired differences.",
                 preview_cols=PIMC_BY + ["deals", "p_make_heuristic", "p_make_pimc", "p_make_dd",
                                         "p_make_pimc_minus_heuristic", "p_make_pimc_minus_heuristic_se",
                                         "p_make_dd_minus_pimc", "tricks_heuristic", "tricks_pimc", "tricks_dd"])
    writer.table("models_by_bowers", tb, "The same deals by game, contract and bowers held.",
                 preview_cols=["players", "contract", "bowers", "deals", "p_make_heuristic", "p_make_pimc",
                               "p_make_dd", "p_make_pimc_minus_heuristic", "p_make_pimc_minus_heuristic_se",
                               "tricks_pimc_minus_heuristic"])
    writer.figure("models_by_class", _models_figure(t), "The makers' P(make) by trumps held for the three play "
                  "models, ±95% Wilson interval (classes with 20 deals or more).")
    n_all = t["deals"].sum()
    gain = (t["p_make_pimc_minus_heuristic"] * t["deals"]).sum() / n_all if n_all else float("nan")
    return (f"\n- **Play models section:** the first {run.n_done:,} deal indices, {made:,} made trumps played by "
            f"the heuristic, single-dummy ({DEFAULT_WORLDS} worlds a card) and double-dummy players in "
            f"{elapsed:.1f} s; over all of them the makers' P(make) with single-dummy play at every seat minus "
            f"with the heuristic players is {100 * gain:+.1f} points (paired).")


def _models_figure(t):
    """A panel per contract: P(make) by trumps for the three models."""
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    groups = list(t.groupby(["players", "contract"], sort=False))
    fig, axes = plt.subplots(1, max(len(groups), 1), figsize=(4.2 * max(len(groups), 1), 4), squeeze=False)
    for ax, ((_, contract), sub) in zip(axes[0], groups):
        sub = sub[sub["deals"] >= 20]
        for k, (name, label) in enumerate((("heuristic", "heuristic"), ("pimc", "single-dummy"),
                                           ("dd", "double-dummy"))):
            p = 100 * sub[f"p_make_{name}"]
            ax.errorbar(sub["trumps"] + 0.1 * (k - 1), p,
                        yerr=[p - 100 * sub[f"p_make_{name}_lo"], 100 * sub[f"p_make_{name}_hi"] - p],
                        marker="os^"[k], ms=4, capsize=2, lw=1, label=label)
        ax.xaxis.set_major_locator(integer_ticks())
        ax.set_xlabel("maker's trumps (left bower counted)")
        ax.set_ylabel("P(make) %, 95% interval")
        ax.set_title(contract.capitalize(), fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("The makers' P(make): heuristic, single-dummy and double-dummy play of the same deals",
                 fontsize=11)
    fig.tight_layout()
    return fig


def _game_section(flat, writer, min_deals, n, thresholds, strength):
    from ..games.euchre import survey as sv

    g = f"euchre{n}p"
    name = GAME_NAME[n]
    writer.heading(f"{name} Euchre")
    for decision in sv.DECISIONS:
        names = sv.actions(n, decision)
        make = names[1]
        writer.heading(f"Round {1 if decision == 'order' else 2}: {MAKE_LABEL[decision]}", 3)
        key_cols = ["deals", "p_make", "p_make_lo", "p_make_hi", "ev_pass", f"ev_{make}", "gain",
                    "gain_se"] + (["ev_alone", "gain_alone", "gain_alone_se"] if n == 4 else []) \
            + ["best", "clear", "note"]
        by = ["seat", "trumps", "bowers"]
        main = sv.decision_table(flat, n, decision, by, min_deals)
        writer.table(f"{g}_{decision}_by_seat_trumps_bowers", main,
                     f"{name}, {MAKE_LABEL[decision]} vs passing, by seat, trumps and bowers.",
                     preview_cols=by + key_cols, preview_rows=80)
        writer.figure(f"{g}_{decision}_gain", _panels(
            main, n, "bowers", list(sv.BOWERS), "gain",
            f"{name}: EV({make}) − EV(pass) by trumps and bowers", "bowers held",
            f"EV({make}) − EV(pass), points per deal", min_deals),
            f"{name}, round {1 if decision == 'order' else 2}: the points {make}ing gains over "
            f"passing (green: {make}; red: pass), ±95% interval in each cell.")
        if decision == "order":
            writer.figure(f"{g}_order_p_make", _panels(
                main, n, "bowers", list(sv.BOWERS), "p_make",
                f"{name}: P(make) when ordering up, by trumps and bowers", "bowers held",
                "P(make)", min_deals, prob=True),
                f"{name}: how often the player's side makes it after ordering up (95% Wilson "
                "range in each cell).")
            up = sv.decision_table(flat, n, decision, ["seat", "trumps", "upcard"], min_deals)
            writer.table(f"{g}_order_by_seat_trumps_upcard", up,
                         f"{name}, by seat, trumps and the upcard (low = 9, 10, queen).",
                         preview_cols=["seat", "trumps", "upcard"] + key_cols, preview_rows=0)
            writer.figure(f"{g}_order_gain_upcard", _panels(
                up, n, "upcard", list(sv.UP_GROUPS), "gain",
                f"{name}: EV(order) − EV(pass) by trumps and the upcard", "upcard",
                "EV(order) − EV(pass), points per deal", min_deals),
                f"{name}: the gain of ordering up by the upcard's rank (the dealer gets it).")
            aces = sv.decision_table(flat, n, decision, ["seat", "trumps", "aces"], min_deals)
            writer.table(f"{g}_order_by_seat_trumps_aces", aces,
                         f"{name}, by seat, trumps and outside aces.",
                         preview_cols=["seat", "trumps", "aces"] + key_cols, preview_rows=0)
        else:
            kind = sv.decision_table(flat, n, decision, ["seat", "suit_kind", "trumps"], min_deals)
            writer.table(f"{g}_call_by_seat_kind_trumps", kind,
                         f"{name}, by seat, next/cross suit and trumps.",
                         preview_cols=["seat", "suit_kind", "trumps"] + key_cols, preview_rows=0)
        if n == 4:
            writer.figure(f"{g}_{decision}_alone_gain", _panels(
                main[main["trumps"] >= 2], n, "bowers", list(sv.BOWERS), "gain_alone",
                f"{name}: EV(alone) − EV({make} with partner) by trumps and bowers",
                "bowers held", "EV(alone) − EV(with partner), points per deal", min_deals,
                rows=range(2, sv.T)),
                f"{name}, round {1 if decision == 'order' else 2}: what going alone gains over "
                f"playing with partner (hands with 2+ trumps).")
        full = sv.FEATURES[decision]
        writer.table(f"{g}_{decision}_full", sv.decision_table(flat, n, decision, list(full), min_deals),
                     f"Full table by {', '.join(full)}.", preview_rows=0)
    writer.heading(f"{name} break-even thresholds", 3)
    comps = [(d, c) for d in sv.DECISIONS for c in
             dict.fromkeys(strength.loc[(strength["players"] == n) & (strength["decision"] == d),
                                        "comparison"])]
    writer.figure(f"{g}_thresholds", _threshold_figure(strength, thresholds, n, comps, min_deals),
                  f"{name}: the gain of acting by hand strength, with the break-even threshold "
                  "(green, 95% range shaded) and the bidding policy's threshold (dashed).")


def _panels(df, n, cols, col_order, value, title, col_label, bar_label, min_deals,
            prob=False, rows=None):
    """One heatmap per seat: trumps (rows) × ``cols``; gains on a diverging scale centred
    on 0, probabilities on 0..1; every cell shows its 95% interval."""
    import numpy as np

    from ..games.euchre import survey as sv
    from .charts import heatmap, pivot, pyplot

    plt = pyplot()
    rows = list(rows if rows is not None else range(sv.T))
    if prob:
        vmin, vmax, cmap = 0.0, 1.0, "RdYlGn"
    else:
        solid = df.loc[df["deals"] >= min_deals, value].abs()
        top = float(solid.max()) if len(solid) and np.isfinite(solid.max()) else 1.0
        vmax = max(0.5, np.ceil(top * 2) / 2)
        vmin, cmap = -vmax, "RdYlGn"
    fig, axes = plt.subplots(1, n, figsize=(2.9 * n + 1.6, 4.6), squeeze=False,
                             layout="constrained")
    im = None
    for ax, seat in zip(axes[0], range(1, n + 1)):
        sub = df[df["seat"] == seat]
        r, c, v, d = pivot(sub, "trumps", cols, value, row_order=rows, col_order=col_order)
        texts = [[""] * len(c) for _ in r]
        for _, rec in sub.iterrows():
            i, j = r.index(rec["trumps"]), c.index(rec[cols])
            if prob:
                lo, hi = 100 * rec[value + "_lo"], 100 * rec[value + "_hi"]
                k = 1 if hi - lo < 2 else 0     # a decimal where the interval is narrow
                texts[i][j] = f"{100 * rec[value]:.{k}f}%\n{lo:.{k}f}–{hi:.{k}f}"
            else:
                half = sv.Z95 * rec[value + "_se"]
                texts[i][j] = f"{rec[value]:+.2f}" + (f"\n±{half:.2f}" if half == half else "")
        im = heatmap(ax, r, c, v, d, min_deals=min_deals, cmap=cmap, vmin=vmin, vmax=vmax,
                     texts=texts)
        ax.set_title(f"seat {seat}: {sv.position_label(n, seat)}\n{int(sub['deals'].sum()):,} deals",
                     fontsize=9)
        ax.set_xlabel(col_label, fontsize=9)
        if seat == 1:
            ax.set_ylabel("trumps held (left bower counted)", fontsize=9)
    fig.colorbar(im, ax=axes[0].tolist(), label=bar_label, fraction=0.03, pad=0.01)
    fig.suptitle(title + f" (hatched: fewer than {min_deals} deals)", fontsize=11)
    return fig


def _threshold_figure(strength, thresholds, n, comps, min_deals):
    """Rows: comparisons; columns: seats.  The gain per strength value (±95%; hollow: few
    deals), the break-even threshold and its range, and the policy's threshold."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from ..games.euchre import survey as sv
    from .charts import pyplot

    plt = pyplot()
    fig, axes = plt.subplots(len(comps), n, figsize=(3.4 * n + 0.6, 2.8 * len(comps) + 0.9),
                             squeeze=False, layout="constrained")
    green, grey = "#2a9d8f", "#555555"
    for i, (decision, comp) in enumerate(comps):
        for j, seat in enumerate(range(1, n + 1)):
            ax = axes[i, j]
            sub = strength[(strength["players"] == n) & (strength["decision"] == decision)
                           & (strength["seat"] == seat) & (strength["comparison"] == comp)]
            ok = sub["deals"] >= min_deals
            ax.axhline(0, color="black", lw=0.7)
            ax.errorbar(sub.loc[ok, "strength"], sub.loc[ok, "gain"],
                        yerr=sv.Z95 * sub.loc[ok, "gain_se"], fmt="o", ms=2.5, capsize=1.2,
                        lw=0.8, color="#1d6f65")
            ax.plot(sub.loc[~ok, "strength"], sub.loc[~ok, "gain"], "o", ms=2.5, mfc="none",
                    color="#888888")
            rec = thresholds[(thresholds["players"] == n) & (thresholds["decision"] == decision)
                             & (thresholds["seat"] == seat)
                             & (thresholds["comparison"] == comp)].iloc[0]
            if len(sub):
                ax.set_xlim(sub["strength"].min() - 1.5, sub["strength"].max() + 1.5)
            if rec["deals"] >= min_deals:
                ax.axvspan(rec["break_even_lo"] - 0.5, rec["break_even_hi"] + 0.5, color=green,
                           alpha=0.15, lw=0)
                ax.axvline(rec["break_even"] - 0.5, color=green, lw=1.5)
                where = (f"break-even {rec['break_even']} ({rec['break_even_lo']:.0f}–"
                         f"{rec['break_even_hi']:.0f})")
            else:
                where = "too few deals for a threshold"
            ax.axvline(rec["policy_threshold"] - 0.5, color=grey, lw=1.2, ls="--")
            if len(sub):    # every point in view, the thin ones too
                half = sv.Z95 * sub["gain_se"].where(ok, 0).fillna(0)
                lo, hi = (sub["gain"] - half).min(), (sub["gain"] + half).max()
                pad = 0.1 * (hi - lo) + 0.05
                ax.set_ylim(min(lo, 0) - pad, max(hi, 0) + pad)
            ax.set_title(f"{sv.position_label(n, seat)}: {comp}\n{int(rec['deals']):,} deals; "
                         f"{where}; policy {rec['policy_threshold']}", fontsize=8)
            ax.grid(alpha=0.3)
            if i == len(comps) - 1:
                ax.set_xlabel("hand strength (tenths of a trick)", fontsize=8.5)
            if j == 0:
                ax.set_ylabel("EV gain, points per deal", fontsize=8.5)
    handles = [Line2D([], [], marker="o", ms=3, color="#1d6f65", label="gain of acting, ±95%"),
               Line2D([], [], marker="o", ms=3, ls="", mfc="none", color="#888888",
                      label=f"fewer than {min_deals} deals (no interval)"),
               Line2D([], [], color=green, lw=1.5, label="break-even threshold"),
               Patch(color=green, alpha=0.15, label="its 95% range"),
               Line2D([], [], color=grey, ls="--", label="the bidding policy's threshold")]
    fig.legend(handles=handles, loc="outside lower center", ncol=5, fontsize=8)
    fig.suptitle(f"{GAME_NAME[n]} Euchre: EV(act) − EV(the weaker option) by hand strength, "
                 "on the same deals", fontsize=11)
    return fig


__all__ = ["plot_outcomes", "build_report", "build_dd_report", "build_pimc_section", "OUTCOMES"]


# ----------------------------------------------------------------------------- the report's spec
def report_spec(players: int | None = None):
    """``analyzer report euchre`` (``report.build.GameReport``)."""
    from ..games.euchre import survey
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    tables = {f"{d}{n}": (lambda flat, by, n=n, d=d: survey.decision_table(flat, n, d, by, MIN_CELL))
              for n in survey.PLAYERS for d in survey.DECISIONS}
    tables |= {"thresholds": lambda flat, by: survey.threshold_table(flat, min_deals=MIN_CELL),
               "strength": lambda flat, by: survey.strength_table(flat, MIN_CELL),
               "reach": lambda flat, by: survey.reach_table(flat)}
    return GameReport(
        "Euchre: ordering-up and calling tables",
        "Each deal index gives a fully random 24-card deal played two-handed and another "
        "played four-handed (default rules). One seat, rotating with the deal number, is the "
        "player classified: when the auction reaches it, every action open to it (pass, "
        "order up or accept, and four-handed alone; in round two pass, call its best suit, "
        "alone) is played out on the same deal, everybody else bidding by the analyzer's "
        "policy and all seats playing with the heuristic players (see below).",
        survey_runner(survey.run_survey),
        build_report, tables, "order2", survey.BREAKDOWNS, ("seat", "trumps", "bowers"),
        dd_run=survey_runner(survey.run_survey_dd), dd_build=build_dd_report, dd_deals=200_000,
        dd_description="Each is played with the tricks solved double-dummy and, for the "
                       "comparison, again by the heuristic players.",
        pimc=build_pimc_section, pimc_deals=25_000)
