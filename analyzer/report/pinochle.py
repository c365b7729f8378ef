"""Pinochle charts: the bid question's P(make) and EV by bid, the pass question's options."""

from __future__ import annotations

import numpy as np

from ..cards import SUIT_SYMBOLS, SUITS
from .charts import pyplot

_COLOURS = {"S": "#1f3b73", "C": "#2e7d32", "D": "#e65100", "H": "#c62828"}


def plot_bid(answer, path: str):
    """P(make) (with its interval) and EV by bid level for each trump; passing's EV as a line."""
    plt = pyplot()
    t = answer.table
    bids = t[t["action"] == "bid"]
    pass_ev = float(t.loc[t["action"] == "pass", "ev"].iloc[0])
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for s in SUITS:
        sub = bids[bids["trump"] == s]
        if sub.empty:
            continue
        label = f"{SUIT_SYMBOLS[SUITS.index(s)]} trump (meld {answer.meta['meld'][s]})"
        ax1.plot(sub["bid"], sub["p_make"], color=_COLOURS[s], label=label)
        ax1.fill_between(sub["bid"].astype(float), sub["p_make_lo"], sub["p_make_hi"], color=_COLOURS[s], alpha=0.2)
        ax2.plot(sub["bid"], sub["ev"], color=_COLOURS[s], label=label)
    ax2.axhline(pass_ev, color="grey", linestyle="--", label=f"pass (EV {pass_ev:+.0f})")
    ax1.set_xlabel("bid")
    ax1.set_ylabel("P(make)")
    ax1.set_ylim(0, 1.02)
    ax1.legend(fontsize=8)
    ax2.set_xlabel("bid")
    ax2.set_ylabel("EV (your side minus theirs)")
    ax2.legend(fontsize=8)
    m = answer.meta
    fig.suptitle(f"Pinochle bid, seat {m['seat']}: {m['hand']} ({m['deals']:,} deals)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_pass(answer, path: str, top: int = 15):
    """The best ``top`` passes' EV with 95% intervals, the policy's choice marked."""
    plt = pyplot()
    t = answer.table.head(top).iloc[::-1]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(t) + 1.5))
    colours = ["#c62828" if p else "#1f3b73" for p in t["policy"]]
    ax.errorbar(t["ev"], range(len(t)), xerr=[t["ev"] - t["ev_lo"], t["ev_hi"] - t["ev"]], fmt="none",
                ecolor="grey", capsize=3)
    ax.scatter(t["ev"], range(len(t)), c=colours, zorder=3)
    ax.set_yticks(range(len(t)))
    ax.set_yticklabels(t["cards"], fontsize=8)
    ax.set_xlabel("EV of the declaring side (minus the defenders'); red: the policy's choice")
    m = answer.meta
    ax.set_title(f"Pinochle pass as the {m['role']}: {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump at {m['bid']}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_lead(answer, path: str):
    """The declarer's leads' P(make) with 95% intervals, best first (``pinochle lead --plot``)."""
    from .charts import lead_bars

    m = answer.meta
    lead_bars(answer.table, path, f"Pinochle lead, {SUIT_SYMBOLS[SUITS.index(m['trump'])]} trump at {m['bid']}: "
                                  f"{m['deals']:,} deals, {m['play']} play")


# ----------------------------------------------------------------------------- report
TRUMPS_SHOWN = range(3, 10)      # 2 or fewer and 10 or more: a handful in millions
SUCCESS_PREVIEW = ["deals", "p250", "p250_lo", "p250_hi", "p300", "p350", "p400", "p450", "p500",
                   "mean_own_meld", "mean_meld_after", "mean_points", "mean_total", "mean_total_se", "note"]
PASS_PREVIEW = ["deals", "mean_own_meld", "mean_meld_before", "mean_meld_after", "mean_meld_gain",
                "mean_meld_gain_se", "mean_points", "mean_points_no_pass", "mean_points_gain", "mean_points_gain_se",
                "mean_total_gain", "mean_total_gain_se", "note"]
BAND_COLOURS = "viridis"


def _rules_text(min_deals: int) -> str:
    from ..games.pinochle import survey as sv
    from ..games.pinochle.bidding import DEFAULT_POLICY, P_MARGIN, P_PARTNER

    bands = ", ".join(sv.MELD_LABELS)
    margin = f" less {DEFAULT_POLICY[P_MARGIN]:.0f}" if DEFAULT_POLICY[P_MARGIN] else ""
    return f"""
Each **deal** is a fully random 48-card deal (two copies each of A 10 K Q J 9 in four
suits) into four 12-card hands, under the default rules of `shared/rules/pinochle.md`:
follow suit and **head** the trick (beat the best card so far, unless a plain-suit lead
has been trumped), trump and **over-trump** when void; counters A, 10, K = 10 points and
the last trick 10 (250 in play); minimum bid 250; meld as in the rules file (a run's K
and Q do not also marry: `run_marriage_reuse=no`); **meld saved** only by a side that
takes some trick points (a counter or the last trick); the declarer may **throw in**
when his side is 250 or more short of the bid after the meld (the policy always does).
Seat 1 sits left of the dealer and speaks first, seat 4 deals; partners are 1 & 3 and
2 & 4.

One seat is the **player** classified, rotating with the deal number (seat = deal index
mod 4, so each seat has its own, independent deals). Its class is its **hand as dealt,
before the passes**: its **meld** in its best trump — the trump its bidding policy would
name — in bands ({bands}; `meld_min` is the band's lower edge), the **trumps** it holds
in that suit (of 12), its **aces** (of 8, trump aces included) and its **seat**.

- **Bid success** (`success`, `ladder`): the player declares its trump and the hand is
  played whatever the bid (as if bid 0): its partner passes it four cards by the policy,
  it passes four back, everybody melds and the twelve tricks are played by the heuristic
  players. The side's **total** is its meld after the passes (saved by the rule above)
  plus its trick points; **`pB` = P(total ≥ B)** is the chance of making a bid of B
  (bar the rare deal the policy would throw in at exactly 250 short), with its 95%
  Wilson range (`_lo`, `_hi`). The play does not depend on the seat (the declarer leads
  whoever he is), so the seat rows agree within their intervals: a check on the survey.
- **Partner's pass** (`pass`): the side's meld before the passes (`mean_meld_before`:
  the player's own meld plus its partner's, each in the player's trump), after both
  passes (`mean_meld_after`) and the change (`mean_meld_gain` ± se); the trick points
  with the passes and without them (`mean_points_no_pass`: the same declaration played
  from the hands as dealt) and the change (`mean_points_gain`); and the change of the
  side's total (`mean_total_gain`), all paired on the same deals.
- **Trick points** (`tricks`): the declaring side's trick points (of 250, the last
  trick's 10 included) and tricks (of 12), and the defenders' score (their saved meld and
  trick points).
- **Self-play** (`declares`, `auction`): the same deal played as a whole hand with every
  seat by the policies — the auction, the passes, the meld, the throw-in and the play.
  `declares` says how often the player's hand ends up declaring (its partner, an
  opponent), P(make) and P(throw-in) when it declares, its mean winning bid, and its
  side's mean score minus the other side's (`ev` ± se); `auction` gives the winning bids,
  who declares, P(make) and P(throw-in) by winning bid, and how often the dealer was stuck.

The **policies** (`analyzer/games/pinochle/bidding.py`): a hand's value for a trump is a
least-squares prediction of its side's meld after the passes plus its trick points (capped
at 250) from its meld, trumps, trump aces and tens, plain aces and tens and plain voids,
fitted in self-play; a seat bids the next bid (the smallest raise, 10) while that is at
most its best value{margin}, over its partner only with {DEFAULT_POLICY[P_PARTNER]:.0f} more, and never bids
again once it passed. The partner
passes trumps first, then aces and tens, keeping his own meld; the declarer passes back
plain cards of short suits, never his meld, trumps or aces while others are left.

Rows with fewer than {min_deals} deals say *few deals* in the `note` column and are
hatched (heatmaps) or dashed (curves) in the charts: kept, not hidden.
"""


def _band_order(df):
    from ..games.pinochle.survey import MELD_LABELS
    present = set(df["meld"])
    return [b for b in MELD_LABELS if b in present]


def _curve_figure(ladder, key, order, title, legend_title, min_deals):
    """P(total ≥ B) against B, one line per value of ``key`` (its 95% range shaded);
    classes with fewer than ``min_deals`` deals dashed."""
    from .charts import pyplot

    plt = pyplot()
    cmap = plt.get_cmap(BAND_COLOURS)
    fig, ax = plt.subplots(figsize=(9, 5.2), layout="constrained")
    for k, value in enumerate(order):
        sub = ladder[ladder[key] == value]
        n = int(sub["deals"].iloc[0])
        colour = cmap(k / max(1, len(order) - 1) * 0.92)
        thin = n < min_deals
        ax.plot(sub["bid"], sub["p_make"], color=colour, ls="--" if thin else "-", lw=1.6,
                label=f"{value} ({n:,} deals)")
        ax.fill_between(sub["bid"].astype(float), sub["p_make_lo"], sub["p_make_hi"], color=colour,
                        alpha=0.08 if thin else 0.2, lw=0)
    ax.set_xlabel("bid B")
    ax.set_ylabel("P(side's meld + trick points ≥ B)")
    ax.set_ylim(-0.01, 1.01)
    ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.grid(alpha=0.3)
    ax.legend(title=legend_title, fontsize=8, title_fontsize=9, loc="upper right")
    ax.set_title(title, fontsize=11)
    return fig


def _mean_texts(df, r_labels, c_labels, rows, cols, value):
    """Cell annotations: the mean and ± its 95% half-width."""
    texts = [[""] * len(c_labels) for _ in r_labels]
    for _, rec in df.iterrows():
        if rec[rows] in r_labels and rec[cols] in c_labels:
            half = 1.96 * rec[value + "_se"]
            texts[r_labels.index(rec[rows])][c_labels.index(rec[cols])] = (
                f"{rec[value]:.0f}" + (f"\n±{half:.0f}" if half == half else ""))
    return texts


def _mean_heatmap(df, rows, cols, value, *, row_order, col_order, title, row_label, col_label, bar_label,
                  min_deals, cmap="viridis"):
    """One annotated heatmap of a mean (± its 95% half-width) over two class features."""
    import numpy as np

    from .charts import heatmap, pivot, pyplot

    plt = pyplot()
    sub = df[df[rows].isin(row_order) & df[cols].isin(col_order)]
    r, c, v, d = pivot(sub, rows, cols, value, row_order=row_order, col_order=col_order)
    solid = v[d >= min_deals]
    lo = float(np.nanmin(solid)) if solid.size else float(np.nanmin(v))
    hi = float(np.nanmax(solid)) if solid.size else float(np.nanmax(v))
    fig, ax = plt.subplots(figsize=(1.0 * len(c) + 2.6, 0.55 * len(r) + 1.8), layout="constrained")
    im = heatmap(ax, r, c, v, d, min_deals=min_deals, cmap=cmap, vmin=lo, vmax=hi,
                 texts=_mean_texts(sub, r, c, rows, cols, value))
    fig.colorbar(im, ax=ax, label=bar_label, fraction=0.04, pad=0.02)
    ax.set_xlabel(col_label, fontsize=9)
    ax.set_ylabel(row_label, fontsize=9)
    ax.set_title(title + f"\n(±95%; hatched: fewer than {min_deals} deals)", fontsize=10)
    return fig


def _auction_figure(by_bid, by_seat, min_deals):
    """Winning bids in self-play (share of hands), P(make) and P(throw-in) by winning bid,
    and who declares by seat."""
    from .charts import pyplot

    plt = pyplot()
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(16, 4.4), layout="constrained",
                                        gridspec_kw={"width_ratios": [3, 3, 1.6]})
    shown = by_bid[by_bid["share"] >= 0.0005]
    ax1.bar(shown["bid"], 100 * shown["share"], width=8, color="#1f3b73")
    ax1.set_xlabel("winning bid")
    ax1.set_ylabel("% of hands")
    ax1.set_title("winning bids", fontsize=10)
    seen = by_bid[by_bid["deals"] >= 20]
    ok = seen["deals"] >= min_deals
    for col, colour, label in (("p_make", "#2e7d32", "made"), ("p_thrown_in", "#c62828", "thrown in")):
        s = seen[ok]
        ax2.plot(s["bid"], s[col], color=colour, marker="o", ms=3, label=label)
        ax2.fill_between(s["bid"].astype(float), s[f"{col}_lo"], s[f"{col}_hi"], color=colour, alpha=0.2, lw=0)
        t = seen[~ok]
        ax2.plot(t["bid"], t[col], color=colour, ls="none", marker="o", ms=3, mfc="none")
    ax2.set_ylim(-0.01, 1.01)
    ax2.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax2.set_xlabel("winning bid")
    ax2.set_title(f"P(make) and P(throw-in) by winning bid (hollow: fewer than {min_deals} hands)", fontsize=10)
    ax2.legend(fontsize=8)
    for ax in (ax1, ax2):
        ax.set_xlim(seen["bid"].min() - 10, max(shown["bid"].max(), seen["bid"].max()) + 10)
        ax.grid(alpha=0.3)
    ax3.bar(by_seat["seat"].astype(str), 100 * by_seat["share"], color="#1f3b73")
    for x, (share, p) in enumerate(zip(by_seat["share"], by_seat["p_make"])):
        ax3.text(x, 100 * share + 0.5, f"makes\n{100 * p:.1f}%", ha="center", fontsize=7)
    ax3.set_ylim(0, 100 * by_seat["share"].max() + 8)
    ax3.set_xlabel("declarer's seat (1: left of the dealer)")
    ax3.set_ylabel("% of hands")
    ax3.set_title("who declares", fontsize=10)
    fig.suptitle(f"Pinochle self-play: {int(by_bid['deals'].sum()):,} hands, every seat by the policy", fontsize=11)
    return fig


def build_report(flat, writer, min_deals: int):
    """Tables and charts of a Pinochle survey (heuristic play) into ``writer``."""
    from ..games.pinochle import survey as sv
    from .charts import heat_panels

    writer.heading("How to read the Pinochle tables")
    writer.text(_rules_text(min_deals))

    writer.heading("How much can you bid? P(meld + trick points ≥ B)")
    by_meld = sv.success_table(flat, ["meld"], min_deals)
    writer.table("success_by_meld", by_meld, "By the player's own meld (before the passes), every seat.",
                 preview_cols=["meld"] + SUCCESS_PREVIEW)
    ladder_meld = sv.ladder_table(flat, ["meld"], min_deals)
    writer.table("ladder_by_meld", ladder_meld, "The same, every bid from 250 to 600 in steps of 10 (long form).",
                 preview_rows=0)
    writer.figure("success_by_meld", _curve_figure(
        ladder_meld, "meld", _band_order(by_meld), "Pinochle: P(side's total ≥ B) when you declare, by your meld",
        "own meld", min_deals),
        "P(the side's saved meld + trick points ≥ B) by the declarer's own meld before the passes (95% ranges "
        "shaded).")
    by_trumps = sv.success_table(flat, ["trumps"], min_deals)
    writer.table("success_by_trumps", by_trumps, "By trumps held in the named suit.",
                 preview_cols=["trumps"] + SUCCESS_PREVIEW)
    ladder_trumps = sv.ladder_table(flat, ["trumps"], min_deals)
    writer.table("ladder_by_trumps", ladder_trumps, "Every bid from 250 to 600 by trumps (long form).", preview_rows=0)
    writer.figure("success_by_trumps", _curve_figure(
        ladder_trumps, "trumps", sorted(by_trumps["trumps"]),
        "Pinochle: P(side's total ≥ B) when you declare, by trumps held", "trumps (of 12)", min_deals),
        "P(the side's total ≥ B) by the declarer's trumps before the passes.")
    by_aces = sv.success_table(flat, ["aces"], min_deals)
    writer.table("success_by_aces", by_aces, "By aces held (of 8).", preview_cols=["aces"] + SUCCESS_PREVIEW)
    by_seat = sv.success_table(flat, ["seat"], min_deals)
    writer.table("success_by_seat", by_seat, "By seat: the same within the intervals (see above).",
                 preview_cols=["seat"] + SUCCESS_PREVIEW)
    mt = sv.success_table(flat, ["meld", "trumps"], min_deals)
    writer.table("success_by_meld_trumps", mt, "By meld and trumps.", preview_cols=["meld", "trumps"] + SUCCESS_PREVIEW,
                 preview_rows=0)
    ladder_mt = sv.ladder_table(flat, ["meld", "trumps"], min_deals)
    levels = (250, 300, 350, 400)
    shown = ladder_mt[ladder_mt["bid"].isin(levels) & ladder_mt["trumps"].isin(TRUMPS_SHOWN)]
    fig = heat_panels(
        shown, "bid", levels, "meld", "trumps", "p_make", prob=True,
        title="Pinochle: P(side's total ≥ B) by own meld and trumps", panel_title=lambda b, sub: f"bid {b}",
        row_label="own meld (before the passes)", col_label="trumps held (of 12)", bar_label="P(total ≥ B)",
        min_deals=min_deals, row_order=_band_order(mt), col_order=list(TRUMPS_SHOWN), panel_width=4.4)
    fig.set_size_inches(fig.get_size_inches()[0], 8.0)     # ten meld bands: room for each cell's range
    writer.figure("success_by_meld_trumps", fig,
                  "P(total ≥ 250, 300, 350, 400) by own meld and trumps, with 95% ranges.")
    full = ["meld", "trumps", "aces"]
    writer.table("success_by_meld_trumps_aces", sv.success_table(flat, full, min_deals), "By meld, trumps and aces.",
                 preview_rows=0)
    writer.table("ladder_by_meld_trumps_aces", sv.ladder_table(flat, full, min_deals),
                 "Every bid from 250 to 600 by meld, trumps and aces (long form).", preview_rows=0)
    writer.table("success_by_seat_meld_trumps_aces", sv.success_table(flat, ["seat"] + full, min_deals),
                 "By seat, meld, trumps and aces.", preview_rows=0)

    writer.heading("What partner's pass adds")
    writer.text("The side's meld before the passes (the player's and its partner's, in the "
                "player's trump) and after both passes, and its trick points with the passes and "
                "without them (the same declaration played from the hands as dealt), on the same "
                "deals: the gains are what the four cards from partner (and the four passed back) "
                "add, by what the player holds.")
    pass_mt = sv.pass_table(flat, ["meld", "trumps"], min_deals)
    for by in (["trumps"], ["meld"], ["aces"]):
        writer.table("pass_by_" + by[0], sv.pass_table(flat, by, min_deals), f"By {by[0]}.",
                     preview_cols=by + PASS_PREVIEW)
    writer.table("pass_by_meld_trumps", pass_mt, "By meld and trumps.", preview_rows=0)
    writer.table("pass_by_meld_trumps_aces", sv.pass_table(flat, ["meld", "trumps", "aces"], min_deals),
                 "By meld, trumps and aces.", preview_rows=0)
    writer.figure("pass_gain", _mean_heatmap(
        pass_mt, "trumps", "meld", "mean_meld_gain", row_order=list(TRUMPS_SHOWN), col_order=_band_order(pass_mt),
        title="Pinochle: meld the passes add to the declaring side", row_label="declarer's trumps (of 12)",
        col_label="declarer's own meld", bar_label="side's meld after − before the passes", min_deals=min_deals),
        "Mean meld added by the passes (the side's meld after both passes minus before), by the declarer's "
        "trumps and own meld.")
    writer.figure("pass_total_gain", _mean_heatmap(
        pass_mt, "trumps", "meld", "mean_total_gain", row_order=list(TRUMPS_SHOWN), col_order=_band_order(pass_mt),
        title="Pinochle: what the passes add to the declaring side's total (meld + trick points)",
        row_label="declarer's trumps (of 12)", col_label="declarer's own meld",
        bar_label="side's total with the passes − without", min_deals=min_deals),
        "Mean change of the side's total (saved meld + trick points) made by the passes, against the same "
        "declaration played from the hands as dealt.")

    writer.heading("Trick points of the declaring side")
    tricks_ta = sv.tricks_table(flat, ["trumps", "aces"], min_deals)
    writer.table("tricks_by_trumps_aces", tricks_ta, "Trick points and tricks by trumps and aces.",
                 preview_cols=["trumps", "aces", "deals", "mean_points", "mean_points_se", "mean_tricks",
                               "mean_defence", "note"], preview_rows=0)
    writer.table("tricks_by_trumps", sv.tricks_table(flat, ["trumps"], min_deals), "By trumps.")
    writer.table("tricks_by_aces", sv.tricks_table(flat, ["aces"], min_deals), "By aces.")
    writer.figure("tricks_by_trumps_aces", _mean_heatmap(
        tricks_ta, "trumps", "aces", "mean_points", row_order=list(TRUMPS_SHOWN),
        col_order=sorted(set(tricks_ta["aces"])), title="Pinochle: the declaring side's trick points (of 250)",
        row_label="declarer's trumps (of 12)", col_label="declarer's aces (of 8)", bar_label="mean trick points",
        min_deals=min_deals), "Mean trick points of the declaring side by the declarer's trumps and aces "
                              "(before the passes).")

    writer.heading("The auction in self-play")
    overall = sv.auction_table(flat, [])
    o = overall.iloc[0]
    stuck = (f"the dealer is **stuck** with the minimum on {100 * o['p_stuck']:.2f}% of hands" if o["p_stuck"] > 0
             else "the dealer is never **stuck** with the minimum (every hand here was worth at least the minimum "
                  "to the policy, so somebody opened)")
    writer.text(f"""
The same deals played as whole hands, every seat by the policies: the declarer makes his
bid on {100 * o['p_make']:.1f}% of hands ({100 * o['p_make_lo']:.1f}–{100 * o['p_make_hi']:.1f}%) and
**throws in** on {100 * o['p_thrown_in']:.1f}% ({100 * o['p_thrown_in_lo']:.1f}–{100 * o['p_thrown_in_hi']:.1f}%);
{stuck}.
""")
    writer.table("auction", overall, "Every self-play hand.")
    by_seat_a = sv.auction_table(flat, ["seat"])
    writer.table("auction_by_seat", by_seat_a, "Who declares, by seat.")
    by_bid = sv.auction_table(flat, ["bid"])
    writer.table("auction_by_bid", by_bid, "By winning bid (the last row open-ended).",
                 preview_cols=["bid_label", "deals", "share", "p_make", "p_make_lo", "p_make_hi", "p_thrown_in",
                               "mean_meld_declarer_side", "mean_points_when_played", "mean_score_declarer_side",
                               "mean_score_defenders"])
    writer.table("auction_by_seat_bid", sv.auction_table(flat, ["seat", "bid"]), "By seat and winning bid.",
                 preview_rows=0)
    writer.figure("auction", _auction_figure(by_bid, by_seat_a, min_deals),
                  "Self-play: the winning bid's distribution, P(make) and P(throw-in) by winning bid (95% "
                  "ranges), and who declares.")
    dec_cols = ["deals", "p_declares", "p_declares_lo", "p_declares_hi", "p_partner_declares",
                "p_opponent_declares", "mean_bid", "p_make", "p_thrown_in", "ev", "ev_se", "note"]
    writer.table("declares_by_seat", sv.declares_table(flat, ["seat"], min_deals),
                 "How often the player declares in self-play, by seat.", preview_cols=["seat"] + dec_cols)
    writer.table("declares_by_meld", sv.declares_table(flat, ["meld"], min_deals),
                 "By own meld.", preview_cols=["meld"] + dec_cols)
    writer.table("declares_by_seat_meld_trumps", sv.declares_table(flat, ["seat", "meld", "trumps"], min_deals),
                 "By seat, meld and trumps.", preview_rows=0)


def build_dd_report(dd_flat, heur_flat, writer, min_deals: int):
    """The double-dummy section: the player's declaration played by the heuristic players
    and solved double-dummy on the same deals, per class, with the paired difference."""
    from ..games.pinochle import survey_dd as sd
    from .charts import integer_ticks, pyplot

    n = int(sd.DD_LAYOUT.view(dd_flat, "deals").sum())
    writer.heading("Double-dummy play")
    writer.text(f"""
The first {n:,} deals of the survey (same seed, same player and class): the player declares
its trump, the passes and the meld are the policy's, and the twelve tricks are played twice
— by the heuristic players, and **double-dummy** (every hand visible, both sides playing
perfectly for the declaring side's trick points under the head, trump and over-trump
duties, identical cards tying). `dd_minus_heuristic` is the paired difference of the
declaring side's trick points, deal by deal; `pB_heuristic` / `pB_dd` are P(side total
≥ B) both ways. Double-dummy is not an upper bound for the declarer: the defence is
perfect too.
""")
    keys = {"trumps": "trumps held (of 12)", "aces": "aces held (of 8)"}
    cols = ["deals", "points_heuristic", "points_dd", "dd_minus_heuristic", "dd_minus_heuristic_se",
            "p250_heuristic", "p250_dd", "p300_heuristic", "p300_dd", "p350_heuristic", "p350_dd", "note"]
    writer.table("dd_all", sd.dd_table(dd_flat, [], min_deals), "Every deal of the section.", preview_cols=cols)
    tables = {}
    for by in (["trumps"], ["aces"], ["meld"], ["seat"]):
        tables[by[0]] = t = sd.dd_table(dd_flat, by, min_deals)
        writer.table(f"dd_by_{by[0]}", t, f"Heuristic and double-dummy on the same deals, by {by[0]}.",
                     preview_cols=by + cols)
    writer.table("dd_by_trumps_aces", sd.dd_table(dd_flat, ["trumps", "aces"], min_deals), "By trumps and aces.",
                 preview_rows=0)
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained", sharey=True)
    for ax, (key, label) in zip(axes, keys.items()):
        t = tables[key]
        ok = t["deals"] >= 2
        ax.errorbar(t.loc[ok, key], t.loc[ok, "dd_minus_heuristic"], yerr=1.96 * t.loc[ok, "dd_minus_heuristic_se"],
                    marker="o", capsize=2, color="#1f3b73")
        for x, y, d in zip(t.loc[ok, key], t.loc[ok, "dd_minus_heuristic"], t.loc[ok, "deals"]):
            ax.annotate(f"n={d}", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7, color="#555555")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel(label)
        ax.xaxis.set_major_locator(integer_ticks())
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("trick points: double-dummy − heuristic (±95%)")
    fig.suptitle(f"Pinochle: how far the heuristic players are from double-dummy ({n:,} deals, paired)", fontsize=11)
    writer.figure("dd_minus_heuristic", fig, "The declaring side's trick points, double-dummy minus heuristic, on "
                                             "the same deals, by the declarer's trumps and aces (±95%).")


MODEL_COLS = ["deals", "points_heuristic", "points_pimc", "points_dd", "pimc_minus_heuristic",
              "pimc_minus_heuristic_se", "dd_minus_pimc", "dd_minus_pimc_se", "p300_heuristic", "p300_pimc", "p300_dd",
              "note"]


def build_pimc_section(writer, deals: int, seed: int, threads=None, progress: bool = False) -> str:
    """The play models on the same deals: the player's declaration played by the heuristic,
    single-dummy (every seat) and double-dummy, per class, with the paired differences.
    Returns the preamble's line on it."""
    import time

    from ..games.pinochle import survey_pimc as sp
    from ..games.pinochle.worlds import DEFAULT_WORLDS
    from .charts import integer_ticks, pyplot

    t0 = time.perf_counter()
    run = sp.run_survey_pimc(deals, seed, DEFAULT_WORLDS, threads=threads, progress=progress)
    elapsed = time.perf_counter() - t0
    writer.heading("Three play models on the same deals")
    writer.text(f"""
The first {run.n_done:,} deals of the survey (same seed, same player and class): the player
declares its trump, the passes and the meld are the policy's, and the twelve tricks are
played three ways on the same passed hands:

- by the **heuristic** players (the survey's own play-out);
- **single-dummy** at every seat: each card chosen in {DEFAULT_WORLDS} sampled layouts of the cards
  that player cannot see — honouring the meld shown on the table, the passes it made or took,
  the voids, and the cards the heading and trumping duties showed it cannot hold — each
  solved double-dummy (a decision that has spent 4 million search nodes decides on the
  layouts searched so far). The players aim at the level the bidding policy would reach with the
  declarer's hand (the contract such a hand plays): the declaring side to reach it, the
  defenders to stop it. The defenders play single-dummy too, so this is the result when every
  seat plays well;
- **double-dummy**: every hand visible, both sides playing perfectly for trick points.

Per class: the declaring side's mean **trick points** ± se for each model, the paired
differences `pimc_minus_heuristic` and `dd_minus_pimc` (each deal played by all three) with
their standard errors and 95% ranges, and `pB_model`: P(side total — saved meld plus trick
points — ≥ B). Single-dummy play aims at one level, so its mean points may trail where a
point more or less does not change the result.
""")
    cols = MODEL_COLS
    writer.table("models_all", sp.models_table(run.stats, []), "Every deal of the section.", preview_cols=cols)
    by_trumps = sp.models_table(run.stats, ["trumps"])
    writer.table("models_by_trumps", by_trumps, "The three play models on the same deals, by trumps held.",
                 preview_cols=["trumps"] + cols)
    writer.table("models_by_meld", sp.models_table(run.stats, ["meld"]), "The same by the player's meld band.",
                 preview_cols=["meld", "meld_min"] + cols)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
    ok = by_trumps["deals"] >= 2
    for k, (name, colour) in enumerate((("heuristic", "#adb5bd"), ("pimc", "#2a9d8f"), ("dd", "#1f3b73"))):
        x = by_trumps.loc[ok, "trumps"] + 0.1 * (k - 1)
        ax.errorbar(x, by_trumps.loc[ok, f"points_{name}"], yerr=1.96 * by_trumps.loc[ok, f"points_{name}_se"],
                    marker="o", capsize=2, color=colour, label=name, linestyle="none")
    ax.set_xlabel("trumps held (of 12)")
    ax.set_ylabel("declaring side's trick points (±95%)")
    ax.xaxis.set_major_locator(integer_ticks())
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.suptitle(f"Pinochle: three play models on the same {run.n_done:,} deals", fontsize=11)
    writer.figure("models_by_trumps", fig, "The declaring side's trick points by the declarer's trumps for the "
                                           "heuristic, single-dummy and double-dummy players on the same deals.")
    tot = sp.models_table(run.stats, []).iloc[0]
    return (f"\n- **Play models section:** the first {run.n_done:,} deals played by the heuristic, single-dummy "
            f"({DEFAULT_WORLDS} worlds a card, every seat) and double-dummy players in {elapsed:.1f} s; the declaring "
            f"side takes {tot['points_heuristic']:.1f} / {tot['points_pimc']:.1f} / {tot['points_dd']:.1f} trick "
            f"points (pimc − heuristic {tot['pimc_minus_heuristic']:+.1f} ± {tot['pimc_minus_heuristic_se']:.1f}, "
            "paired).")


SUCCESS3_PREVIEW = ["deals", "p300", "p350", "p400", "p450", "p500", "mean_value", "mean_meld_after", "mean_buried",
                    "mean_points", "mean_total", "note"]


def build_report3(flat, writer, min_deals: int):
    """Tables and charts of the three-handed Pinochle survey (``survey3``) into ``writer``."""
    from ..games.pinochle import survey3 as sv
    from ..games.pinochle.bidding import CONCEDE3_SLACK, MARGIN3, TOTAL3_SD

    writer.heading("How to read the three-handed tables")
    writer.text(f"""
- **The bidder** is the classified seat, whatever the bid: he takes the widow, names the trump
  with the most meld plus 20 for each trump held, melds, buries three cards none of which he
  melded (their points count for him) and plays fifteen tricks against the other two, every seat
  by the heuristic players. His **total** is his meld + buried points + trick points (the last
  trick's 10 included); **pB** is P(total ≥ B), the hand played out.
- **Classes** are read from his fifteen cards *before* the widow: **meld** (in the trump his
  policy values most), **trumps** (that suit's length), **aces** (of 8). **value** is the
  policy's prediction of his total from those fifteen cards (`scripts/fit_pinochle3.py`); the
  policy bids while the next bid is at most value − {MARGIN3:g}, choosing the bid up to there
  that pays most (the stakes rise with the bid; P(make) read from the value's error, sd
  {TOTAL3_SD:g}).
- **p_concede** (the ladder): how often he would concede before play at B (a single bete): when
  B is above his meld, buried points and the trick points predicted from the cards he keeps by
  more than {CONCEDE3_SLACK:g} (P(make) under 1/3 there).
- Probabilities carry 95% Wilson ranges; means carry standard errors; classes with fewer than
  {min_deals} deals are marked "few deals".
""")
    writer.heading("How much can you bid? P(meld + buried + trick points ≥ B)")
    by_meld = sv.success3_table(flat, ["meld"], min_deals)
    writer.table("success_by_meld", by_meld, "By the bidder's meld before the widow.",
                 preview_cols=["meld"] + SUCCESS3_PREVIEW)
    ladder_meld = sv.ladder3_table(flat, ["meld"], min_deals)
    writer.table("ladder_by_meld", ladder_meld, "Every bid from 300 to 700 by meld, with P(concede) (long form).",
                 preview_rows=0)
    fig = _curve_figure(ladder_meld[ladder_meld["bid"] <= 600], "meld", _band_order(by_meld),
                        "Three-handed Pinochle: P(bidder's total ≥ B) by his meld before the widow", "meld",
                        min_deals)
    fig.axes[0].set_ylabel("P(meld + buried + trick points ≥ B)")
    writer.figure("success_by_meld", fig, "P(the bidder's total ≥ B) by his meld before the widow (95% ranges "
                                          "shaded).")
    by_trumps = sv.success3_table(flat, ["trumps"], min_deals)
    writer.table("success_by_trumps", by_trumps, "By trumps held (of 15) in the suit the policy values most.",
                 preview_cols=["trumps"] + SUCCESS3_PREVIEW)
    writer.table("success_by_aces", sv.success3_table(flat, ["aces"], min_deals), "By aces held (of 8).",
                 preview_cols=["aces"] + SUCCESS3_PREVIEW)
    writer.table("success_by_meld_trumps", sv.success3_table(flat, ["meld", "trumps"], min_deals),
                 "By meld and trumps.", preview_rows=0)
    writer.table("success_by_meld_trumps_aces", sv.success3_table(flat, ["meld", "trumps", "aces"], min_deals),
                 "By meld, trumps and aces.", preview_rows=0)
    writer.table("ladder_by_meld_trumps", sv.ladder3_table(flat, ["meld", "trumps"], min_deals),
                 "Every bid from 300 to 700 by meld and trumps (long form).", preview_rows=0)

    writer.heading("The auction in self-play")
    overall = sv.auction3_table(flat, [])
    o = overall.iloc[0]
    writer.text(f"""
The same deals played as whole hands, the three seats bidding by the policy from the eldest
(seat 1), who must open at the minimum rather than pass before a bid (`all_pass=eldest_forced`):
the bidder makes his bid on {100 * o['p_made']:.1f}% of hands ({100 * o['p_made_lo']:.1f}–{100 * o['p_made_hi']:.1f}%),
concedes after seeing the widow on {100 * o['p_conceded']:.1f}%, and the eldest, forced to 300 and left
there, concedes without looking at the widow (for nothing, `forced_concede=free`) on
{100 * o['p_forced']:.1f}%. **mean_units**: what each other player pays the bidder on average (the
settlement table: 3 units a bid of 300-340, 5 for 350-390, 10, 15, ...; spades doubled; a failed
bid pays each twice, a conceded one once).
""")
    writer.table("auction", overall, "Every self-play hand.")
    writer.table("auction_by_seat", sv.auction3_table(flat, ["seat"]), "By the bidder's seat (1: the eldest).")
    writer.table("auction_by_bid", sv.auction3_table(flat, ["bid"]), "By the winning bid (the last row open-ended).")
    writer.table("auction_by_seat_bid", sv.auction3_table(flat, ["seat", "bid"]), "By seat and winning bid.",
                 preview_rows=0)


HAND2_PREVIEW = ["deals", "mean_meld", "mean_counters", "mean_total", "mean_net", "p300", "p400", "p500", "p_win_game",
                 "p_win_game_lo", "p_win_game_hi"]


def build_report2(flat, writer, min_deals):
    """Tables and charts of the two-handed Pinochle survey (``survey2``) into ``writer``."""
    from ..games.pinochle import survey2 as sv

    g = sv.games2(flat)
    writer.heading("How to read the two-handed tables")
    writer.text(f"""
- **The player** is player 0 of each deal, classified by his twelve cards as dealt: **meld** (the
  whole hand's meld in the trump turned, counted as in the partnership game), **trumps** (of
  12), **aces** (of 8), **dealer** (yes: he dealt, so his opponent leads the first trick and a
  turned nine scores him 10).
- Both players play the hand by the heuristic policy (phase 1: the winner of a trick lays the
  meld worth most -- a royal marriage before its run while tricks remain -- and shows or
  exchanges the dix, both draw; phase 2: follow, head, trump). **mean_meld** is what he lays
  during the hand, **mean_counters** his counters and last trick, **mean_total** the two,
  **mean_net** his total minus his opponent's; **pT** is P(total ≥ T).
- **p_win_game**: the game then played on from 0:0 by random hands (the deal alternating, a
  player calling out as soon as his meld and counters reach 1000; both past it: 1250): did he
  win it? {g['hands_per_game']:.2f} hands a game; {100 * g['called_out']:.1f}% of games end in a call-out.
- Probabilities carry 95% Wilson ranges; means carry standard errors; classes with fewer than
  {min_deals} deals are marked "few deals".
""")
    writer.heading("What a hand is worth")
    by_meld = sv.hand2_table(flat, ["meld"], min_deals)
    writer.table("hand_by_meld", by_meld, "By the player's meld as dealt.", preview_cols=["meld"] + HAND2_PREVIEW)
    writer.table("hand_by_trumps", sv.hand2_table(flat, ["trumps"], min_deals), "By trumps held (of 12).",
                 preview_cols=["trumps"] + HAND2_PREVIEW)
    writer.table("hand_by_aces", sv.hand2_table(flat, ["aces"], min_deals), "By aces held (of 8).",
                 preview_cols=["aces"] + HAND2_PREVIEW)
    writer.table("hand_by_dealer", sv.hand2_table(flat, ["dealer"], min_deals), "By who dealt.",
                 preview_cols=["dealer"] + HAND2_PREVIEW)
    writer.table("hand_by_meld_trumps", sv.hand2_table(flat, ["meld", "trumps"], min_deals), "By meld and trumps.",
                 preview_rows=0)
    writer.table("hand_by_meld_trumps_aces", sv.hand2_table(flat, ["meld", "trumps", "aces"], min_deals),
                 "By meld, trumps and aces.", preview_rows=0)
    plt = pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    ok = by_meld["deals"] >= min_deals
    x = by_meld.loc[ok, "meld_min"]
    for col, colour, label in (("mean_meld", "#e9c46a", "meld laid"), ("mean_counters", "#2a9d8f", "counters"),
                               ("mean_total", "#1f3b73", "total")):
        ax1.errorbar(x, by_meld.loc[ok, col], yerr=1.96 * by_meld.loc[ok, f"{col}_se"], marker="o", capsize=2,
                     color=colour, label=label)
    ax1.set_xlabel("meld as dealt (band's lower edge)")
    ax1.set_ylabel("points in the hand (±95%)")
    ax1.grid(alpha=0.3)
    ax1.legend(fontsize=8)
    ax2.fill_between(x, 100 * by_meld.loc[ok, "p_win_game_lo"], 100 * by_meld.loc[ok, "p_win_game_hi"],
                     color="#1f3b73", alpha=0.25)
    ax2.plot(x, 100 * by_meld.loc[ok, "p_win_game"], marker="o", color="#1f3b73")
    ax2.axhline(50, color="#6c757d", lw=0.8, ls="--")
    ax2.set_xlabel("meld as dealt (band's lower edge)")
    ax2.set_ylabel("P(win the game from 0:0), % (95% range shaded)")
    ax2.grid(alpha=0.3)
    fig.suptitle("Two-handed Pinochle: what the first hand is worth, by its meld as dealt", fontsize=11)
    writer.figure("hand_by_meld", fig, "The player's meld laid, counters and total in the hand, and his chance of "
                                       "winning the game, by his meld as dealt.")
    writer.heading("The spread of a hand's total")
    totals = sv.totals2_table(flat)
    writer.table("totals", totals, "A player's total in a hand (meld laid + counters), by 10; the last row "
                                   "open-ended.", preview_rows=0)
    fig, ax = plt.subplots(figsize=(9, 3.8), layout="constrained")
    ax.bar(10 * np.arange(len(totals)), 100 * totals["share"], width=9, color="#2a9d8f")
    ax.set_xlabel("a player's total in the hand (meld laid + counters)")
    ax.set_ylabel("share of hands, %")
    ax.grid(alpha=0.3, axis="y")
    writer.figure("totals", fig, "The distribution of a player's total in a hand.")


# ----------------------------------------------------------------------------- the reports' specs
# a single-dummy Pinochle hand takes seconds (about 4 s median at 16 worlds): a few minutes on two cores
PIMC_DEALS = 40


def report_spec(players: int | None = None):
    """``analyzer report pinochle [--players 2|3|4]`` (``report.build.GameReport``)."""
    from ..errors import InputError
    from ..games.pinochle import survey
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    if players is not None and int(players) not in (2, 3, 4):
        raise InputError(f"--players: the pinochle report is for 4 players (the partnership game), 3 (the "
                         f"three-handed auction game) or 2 (the two-handed game with a stock), not {players}")
    if players is not None and int(players) == 3:
        return _three_handed_spec()
    if players is not None and int(players) == 2:
        return _two_handed_spec()
    tables = {name: (lambda flat, by, f=f: f(flat, by, MIN_CELL))
              for name, f in (("success", survey.success_table), ("ladder", survey.ladder_table),
                              ("pass", survey.pass_table), ("tricks", survey.tricks_table),
                              ("declares", survey.declares_table))}
    tables["auction"] = survey.auction_table
    return GameReport(
        "Pinochle: bid success, partner's pass and the auction",
        "Each deal is a fully random 48-card partnership Pinochle deal (default rules). One seat, "
        "rotating with the deal number (so each seat has its own independent deals), is the player "
        "classified by its hand before the passes (its meld in the trump its policy would name, that "
        "trump's length, aces, seat). It declares that trump and the hand is played out whatever the "
        "bid (partner's pass and the pass back by the policy, meld, twelve tricks by the heuristic "
        "players), and once more from the hands as dealt, without the passes; the same deal is also "
        "played as a whole self-play hand, every seat bidding, passing and playing by the policies "
        "(see below).",
        survey_runner(survey.run_survey),
        build_report, tables, "success", survey.BREAKDOWNS + survey.AUCTION_BREAKDOWNS[1:],
        ("meld", "trumps"), table_by={"auction": ("bid",)},
        dd_run=survey_runner(_dd_survey), dd_build=build_dd_report, dd_deals=200,
        dd_description="The player's declaration is played by the heuristic players and solved "
                       "double-dummy after the same passes.",
        pimc=build_pimc_section, pimc_deals=PIMC_DEALS)


def _three_handed_spec():
    from ..games.pinochle import survey3
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    tables = {"success": lambda flat, by: survey3.success3_table(flat, by, MIN_CELL),
              "ladder": lambda flat, by: survey3.ladder3_table(flat, by, MIN_CELL),
              "auction": survey3.auction3_table}
    return GameReport(
        "Pinochle, three-handed: bid success and the auction",
        "Each deal is a random three-handed Pinochle deal (15 cards each, a widow of 3, default rules). One "
        "seat, rotating with the deal number (so each seat has its own independent deals), is classified by "
        "its fifteen cards before the widow (its meld in the trump its policy values most, that trump's "
        "length, its aces) and made the bidder: it takes the widow, names the trump with the most meld plus "
        "20 a trump held, melds, buries three cards and plays fifteen tricks against the other two by the "
        "heuristic players, whatever the bid. The same deal is also played as a whole self-play hand, the "
        "three seats bidding by the policy (see below).",
        survey_runner(survey3.run_survey3), build_report3, tables, "success", survey3.FEATURES3 + ("seat", "bid"),
        ("meld", "trumps"), table_by={"auction": ("bid",)}, players=3)


def _two_handed_spec():
    from ..games.pinochle import survey2
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    tables = {"hand": lambda flat, by: survey2.hand2_table(flat, by, MIN_CELL),
              "totals": lambda flat, by: survey2.totals2_table(flat)}
    return GameReport(
        "Pinochle, two-handed: what a hand is worth",
        "Each deal is a random two-handed Pinochle deal (12 cards each, a turned trump card, a stock of 23, "
        "default rules), the dealer alternating with the deal number. Player 0 is classified by his twelve "
        "cards as dealt (their meld in the trump turned, trumps, aces, whether he dealt); both players play the "
        "hand out by the heuristic policy, then the game is played on from 0:0 by random hands to its end.",
        survey_runner(survey2.run_survey2), build_report2, tables, "hand", survey2.FEATURES2,
        ("meld",), players=2)


def _dd_survey(*args, **kw):
    from ..games.pinochle.survey_dd import run_survey_dd
    return run_survey_dd(*args, **kw)
