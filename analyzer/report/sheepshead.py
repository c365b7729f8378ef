"""Sheepshead charts."""

from __future__ import annotations


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_pick(answer, path: str):
    """Left: expected points of pick / alone / pass with 95% intervals.  Right: the picker
    side's card points when you pick (with a partner, and alone)."""
    import numpy as np

    plt = _pyplot()
    t = answer.table
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8), gridspec_kw={"width_ratios": [1, 2]})
    colours = ["#2a9d8f" if a == answer.best else "#adb5bd" for a in t["action"]]
    ax1.bar(t["action"], t["ev"], yerr=1.96 * t["ev_se"], color=colours, capsize=4)
    ax1.axhline(0, color="black", linewidth=0.8)
    ax1.set_ylabel("expected points per hand")
    ax1.set_title("your expected score", fontsize=10)
    points = np.arange(121)
    for name, colour in (("pick", "#2a9d8f"), ("alone", "#e76f51")):
        dist = answer.extra["points"][name]
        ax2.plot(points, 100 * dist, color=colour, label=f"{name}: mean {float((points * dist).sum()):.0f}")
    for x, label in ((30.5, "schneidered"), (60.5, "61 to win"), (90.5, "schneider")):
        ax2.axvline(x, color="grey", linestyle=":", linewidth=0.8)
        ax2.text(x + 1, ax2.get_ylim()[1] * 0.9, label, fontsize=8, color="grey")
    ax2.set_xlabel("picker side's card points (tricks + bury)")
    ax2.set_ylabel("% of deals")
    ax2.legend(fontsize=9)
    ax2.grid(alpha=0.3)
    m = answer.meta
    fig.suptitle(f"Sheepshead — seat {m['seat']}, {m['hand']} ({m['deals']:,} deals, {m['play']} play)",
                 fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_bury(answer, path: str, top: int = 15):
    """The best ``top`` bury-and-call options by expected points, with 95% intervals."""
    plt = _pyplot()
    t = answer.table.head(top).iloc[::-1]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(t) + 1.5))
    colours = ["#e76f51" if p else "#2a9d8f" for p in t["policy"]]
    labels = [f"{b}  /  {c}" for b, c in zip(t["bury"], t["call"])]
    ax.barh(labels, t["ev"], xerr=1.96 * t["ev_se"], color=colours, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("expected points per hand (orange: the heuristic policy's choice)")
    ax.grid(axis="x", alpha=0.3)
    m = answer.meta
    ax.set_title(f"Sheepshead — bury / call with {m['cards']} (seat {m['seat']}, {m['deals']:,} deals)",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----------------------------------------------------------------------------- report
SEAT_NAMES = {1: "left of the dealer", 2: "second to speak", 3: "third to speak", 4: "right of the dealer",
              5: "the dealer"}
PICK_COLS = ["deals", "p_policy_picks", "p_win", "p_win_lo", "p_win_hi", "p_schneider", "p_schneidered",
             "mean_points", "mean_points_se", "ev_pick", "ev_pass", "gain", "gain_se", "ev_alone", "gain_alone", "gain_alone_se",
             "best", "clear", "note"]
GREEN, GREY = "#2a9d8f", "#555555"
SEAT_COLOURS = ("#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51")


def _seat_title(seat, sub) -> str:
    return f"seat {seat}: {SEAT_NAMES[seat]}\n{int(sub['deals'].sum()):,} offered deals"


def build_report(flat, writer, min_deals: int):
    """Tables and charts of a Sheepshead survey (heuristic play) into ``writer``."""
    from ..games.sheepshead import survey as sv
    from ..games.sheepshead.bidding import PICK_THRESHOLDS, POLICY, W_ALONE
    from .charts import heat_panels

    th = ", ".join(str(int(t)) for t in PICK_THRESHOLDS)
    writer.heading("How to read the Sheepshead tables")
    writer.text(f"""
Each **deal** is a fully random 32-card deal under the default rules (called ace, leaster
when nobody picks, single bump, J♣ above J♠). One seat is the **player** being classified,
rotating with the deal number: seat 1 (left of the dealer, offered the blind first and
leading) … seat 5 (the dealer), so each seat has its own, independent deals. The blind is
**offered** to the player when every seat before it passed by the analyzer's picking
policy; other deals do not reach it and count only in the `reach` table. On every offered
deal, three actions are played out on that **same deal**:

- **pick**: take the blind, bury and call by the policy (it goes alone only when no call
  is legal), the hand played out by the heuristic players;
- **alone**: take the blind, bury by the policy and play alone against four;
- **pass**: the later seats decide by the policy (the first willing one picks, buries,
  calls — or goes alone when overwhelming); if nobody picks, a leaster.

Hand classes are the player's six cards as dealt (before the blind): **trumps** (of 14),
**queens**, **jacks**, **fail aces** (A♣ A♠ A♥), the **seat**, and whether the **policy**
would pick the hand; `queens_jacks` is queens + jacks.

- **P(win)** is P(the picker side takes ≥ 61 card points, bury included) when the player
  picks (`_alone`: when it plays alone), with its 95% Wilson range; **P(schneider)**: the
  picker side reaches 91 or takes every trick; **P(schneidered)**: it is held to ≤ 30 or
  takes no trick. `mean_points` is the picker side's mean card points (tricks + bury, of 120).
- **EV** is the player's score per hand under the default schedule (picker +2 / +4 / +6
  for win / schneider / every trick, −2 / −4 / −9 for the losses; partner half; alone ×2;
  each defender the opposite of the partner's share; leaster +4 to the winner, −1 to the
  others, tied winners sharing), with its standard error (`_se`).
- **`gain` = EV(pick) − EV(pass)** and **`gain_alone` = EV(alone) − EV(pick)** are
  measured on the same deals (paired, so their intervals are narrow); `_lo`/`_hi` give
  the 95% range. `best` is the action with the highest EV, `clear` whether it beats the
  runner-up by more than its 95% interval. `p_policy_picks` is the share of the class's
  hands the policy picks; `p_pass_*` says what happened after a pass (partner, defender,
  defender against an alone picker, leaster).
- **Strength** is the policy's picking count of the six cards dealt: 6 a trump, +5 a
  queen, +3 a jack, +3 more for Q♣ or Q♠, +2 a fail ten, −5 a fail ace, −4 a fail void;
  the policy picks at strength ≥ {th} (seats 1–5). The **going-alone strength** is counted
  on the six cards kept after the alone bury: 2 a trump, +4 a queen, +2 a jack, +3 a fail
  ace, +1 a fail void; the policy goes alone from {int(POLICY[W_ALONE])}. The **break-even
  threshold** is the T for which "act iff strength ≥ T" gains most over never acting — where
  the paired gain crosses zero — with a 95% bootstrap range.
- Rows with fewer than {min_deals} deals say *few deals* in the `note` column and are
  hatched in the charts with their count: kept, not hidden.
""")
    writer.table("reach", sv.reach_table(flat),
                 "Per seat: how often the blind reached it (every earlier seat passed by the policy), "
                 "how often the policy picks there, and what followed a pass.")

    writer.heading("Picking by seat, trumps, queens and fail aces")
    by_seat = sv.pick_table(flat, ["seat", "trumps"], min_deals)
    writer.table("pick_by_seat_trumps", by_seat, "Pick, alone and pass by seat and trumps.",
                 preview_cols=["seat", "trumps"] + PICK_COLS)
    main = sv.pick_table(flat, ["seat", "trumps", "queens", "fail_aces"], min_deals)
    writer.table("pick_by_seat_trumps_queens_aces", main,
                 "The main table: by seat, trumps, queens and fail aces.", preview_rows=0)
    tq = sv.pick_table(flat, ["seat", "trumps", "queens"], min_deals)
    trumps = list(range(7))
    kw = dict(panel_title=_seat_title, row_label="trumps held (of 14)", min_deals=min_deals,
              row_order=trumps)
    for name, value, what, caption in (
            ("pick_p_win", "p_win", "P(win) when you pick",
             "P(win) when the player picks (policy bury and call), per seat, by trumps and queens; 95% "
             "Wilson range in each cell."),
            ("pick_gain", "gain", "EV(pick) − EV(pass)",
             "What picking gains over passing on the same deals (green: pick; red: pass), ±95% in each cell.")):
        prob = value == "p_win"
        writer.figure(name, heat_panels(
            tq, "seat", range(1, 6), "trumps", "queens", value, prob=prob,
            title=f"Sheepshead: {what}, by trumps and queens", col_label="queens held",
            bar_label="P(picker side ≥ 61 points)" if prob else "EV(pick) − EV(pass), points per hand",
            col_order=range(5), **kw), caption)
    ta = sv.pick_table(flat, ["seat", "trumps", "fail_aces"], min_deals)
    writer.table("pick_by_seat_trumps_aces", ta, "By seat, trumps and fail aces.",
                 preview_cols=["seat", "trumps", "fail_aces"] + PICK_COLS, preview_rows=0)
    writer.figure("pick_gain_aces", heat_panels(
        ta, "seat", range(1, 6), "trumps", "fail_aces", "gain",
        title="Sheepshead: EV(pick) − EV(pass) by trumps and fail aces", col_label="fail aces held",
        bar_label="EV(pick) − EV(pass), points per hand", col_order=range(4), **kw),
        "The gain of picking by fail aces: with the same trumps, a fail ace makes passing "
        "relatively better (it may make you the partner, and it is a trick on defence).")
    writer.figure("pick_ev_points", _ev_points_figure(by_seat, min_deals),
                  "Expected score and the picker side's expected card points when the player "
                  "picks, by trumps, one line per seat (±95%).")
    qj = sv.pick_table(flat, ["seat", "trumps", "queens_jacks"], min_deals)
    writer.table("pick_by_seat_trumps_queens_jacks", qj, "By seat, trumps and queens + jacks.",
                 preview_cols=["seat", "trumps", "queens_jacks"] + PICK_COLS, preview_rows=0)
    full = list(sv.FEATURES)
    writer.table("pick_full", sv.pick_table(flat, full, min_deals),
                 f"Full table by {', '.join(full)}.", preview_rows=0)
    pol = sv.pick_table(flat, ["seat", "policy"], min_deals)
    writer.table("pick_by_seat_policy", pol,
                 "The hands the policy picks and passes, per seat: its picks gain over passing "
                 "and its passes lose by picking when the policy is right.",
                 preview_cols=["seat", "policy"] + PICK_COLS)

    writer.heading("Going alone")
    writer.text("Alone against pick with a partner, on the same deals (every offered hand is "
                "played both ways, so the weak ones show how much alone costs).")
    writer.figure("alone_gain", heat_panels(
        tq[tq["trumps"] >= 3], "seat", range(1, 6), "trumps", "queens", "gain_alone",
        title="Sheepshead: EV(alone) − EV(pick with a partner) by trumps and queens",
        col_label="queens held", bar_label="EV(alone) − EV(pick), points per hand",
        col_order=range(5), **(kw | {"row_order": range(3, 7)})),
        "What going alone gains over calling a partner (hands with 3+ trumps).")

    writer.heading("Picking thresholds")
    thresholds = sv.threshold_table(flat, min_deals)
    strength = sv.strength_table(flat, min_deals)
    writer.text("""
Per seat, the break-even strength with its 95% bootstrap range, next to the threshold the
policy uses (fitted by `scripts/tune_sheepshead.py`); `p_act` is the share of offered deals
at or above the break-even, `gain_per_deal` what acting from there gains over never acting,
and `gain_vs_policy` what the break-even rule gains over the policy's threshold on the same
deals (in-sample, so slightly optimistic; within two standard errors of zero the policy is
as good). Pick vs pass is measured on every offered deal; alone vs pick on the offered deals
with a legal call, per seat and pooled ("all": the policy has one alone threshold).
""")
    writer.table("thresholds", thresholds, "Break-even thresholds.",
                 preview_cols=["comparison", "seat", "deals", "break_even", "break_even_lo",
                               "break_even_hi", "policy_threshold", "p_act", "p_act_policy",
                               "gain_per_deal", "gain_vs_policy", "gain_vs_policy_se", "note"])
    writer.table("gain_by_strength", strength, "The paired gain by strength, every comparison and seat.",
                 preview_rows=0)
    writer.figure("thresholds", _threshold_figure(strength, thresholds, min_deals),
                  "The gain of acting by strength, with the break-even threshold (green, 95% range "
                  "shaded) and the policy's threshold (dashed).")


def _ev_points_figure(df, min_deals):
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    for seat in range(1, 6):
        sub = df[df["seat"] == seat]
        x = sub["trumps"] + 0.05 * (seat - 3)
        label = f"seat {seat} ({int(sub['deals'].sum()):,} deals)"
        _errorbars(ax1, sub, x, "ev_pick", "ev_pick_se", min_deals, label, SEAT_COLOURS[seat - 1])
        _errorbars(ax2, sub, x, "mean_points", "mean_points_se", min_deals, label, SEAT_COLOURS[seat - 1])
    ax1.axhline(0, color="black", lw=0.8)
    ax1.set_ylabel("EV of picking, points per hand (±95%)")
    ax1.set_title("your expected score when you pick", fontsize=10)
    for y, label in ((60.5, "61 to win"), (90.5, "schneider")):
        ax2.axhline(y, color="grey", ls=":", lw=0.8)
        ax2.text(0, y + 1, label, fontsize=8, color="grey")
    ax2.set_ylabel("picker side's card points (of 120)")
    ax2.set_title("the picker side's expected card points", fontsize=10)
    for ax in (ax1, ax2):
        ax.set_xlabel("trumps held (of 14)")
        ax.xaxis.set_major_locator(integer_ticks())
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Sheepshead: picking by trumps and seat (hollow: fewer than {min_deals} deals)", fontsize=11)
    return fig


def _threshold_figure(strength, thresholds, min_deals):
    """Rows: pick vs pass, alone vs pick; columns: seats.  The gain per strength value
    (±95%; hollow: few deals), the break-even threshold with its range, the policy's."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from ..games.sheepshead.survey import COMPARISONS, STRENGTH_UNITS
    from .charts import pyplot

    plt = pyplot()
    fig, axes = plt.subplots(2, 5, figsize=(18, 6.6), squeeze=False, layout="constrained")
    for i, comp in enumerate(COMPARISONS):
        for j in range(5):
            seat = str(j + 1)
            ax = axes[i, j]
            sub = strength[(strength["comparison"] == comp) & (strength["seat"] == seat)]
            rec = thresholds[(thresholds["comparison"] == comp) & (thresholds["seat"] == seat)].iloc[0]
            ok = sub["deals"] >= min_deals
            ax.axhline(0, color="black", lw=0.7)
            ax.errorbar(sub.loc[ok, "strength"], sub.loc[ok, "gain"], yerr=1.96 * sub.loc[ok, "gain_se"],
                        fmt="o", ms=2.5, capsize=1.2, lw=0.8, color="#1d6f65")
            ax.plot(sub.loc[~ok, "strength"], sub.loc[~ok, "gain"], "o", ms=2.5, mfc="none", color="#888888")
            if rec["deals"] >= min_deals and rec["break_even"] is not None:
                ax.axvspan(rec["break_even_lo"] - 0.5, rec["break_even_hi"] + 0.5, color=GREEN, alpha=0.15, lw=0)
                ax.axvline(rec["break_even"] - 0.5, color=GREEN, lw=1.5)
                where = f"break-even {rec['break_even']} ({rec['break_even_lo']}–{rec['break_even_hi']})"
            else:
                where = "too few deals for a threshold"
            ax.axvline(rec["policy_threshold"] - 0.5, color=GREY, lw=1.2, ls="--")
            if ok.any():     # the well-measured points in view; thin ones may fall outside
                half = 1.96 * sub.loc[ok, "gain_se"].fillna(0)
                lo, hi = (sub.loc[ok, "gain"] - half).min(), (sub.loc[ok, "gain"] + half).max()
                pad = 0.1 * (hi - lo) + 0.1
                ax.set_ylim(min(lo, 0) - pad, max(hi, 0) + pad)
                xs = list(sub.loc[ok, "strength"]) + [rec["policy_threshold"]]
                if rec["break_even"] is not None:
                    xs += [rec["break_even_lo"], rec["break_even_hi"]]
                ax.set_xlim(min(xs) - 2, max(xs) + 2)
            ax.set_title(f"seat {seat}: {comp}\n{int(rec['deals']):,} deals; {where}; "
                         f"policy {rec['policy_threshold']}", fontsize=8)
            ax.grid(alpha=0.3)
            ax.set_xlabel(STRENGTH_UNITS[comp], fontsize=8)
            if j == 0:
                ax.set_ylabel("EV gain, points per hand", fontsize=8.5)
    handles = [Line2D([], [], marker="o", ms=3, color="#1d6f65", label="gain of acting, ±95%"),
               Line2D([], [], marker="o", ms=3, ls="", mfc="none", color="#888888",
                      label=f"fewer than {min_deals} deals (no interval)"),
               Line2D([], [], color=GREEN, lw=1.5, label="break-even threshold"),
               Patch(color=GREEN, alpha=0.15, label="its 95% range"),
               Line2D([], [], color=GREY, ls="--", label="the policy's threshold")]
    fig.legend(handles=handles, loc="outside lower center", ncol=5, fontsize=8)
    fig.suptitle("Sheepshead: EV(pick) − EV(pass) by picking strength, and EV(alone) − EV(pick) by "
                 "going-alone strength, on the same deals", fontsize=11)
    return fig


DD_COLS = ["deals", "p_win_heuristic", "p_win_dd", "ev_pick_heuristic", "ev_pick_dd", "dd_minus_heuristic_pick",
           "dd_minus_heuristic_pick_se", "ev_pass_heuristic", "ev_pass_dd", "gain_heuristic", "gain_dd",
           "dd_minus_heuristic_gain", "dd_minus_heuristic_gain_se", "p_win_alone_heuristic", "p_win_alone_dd",
           "dd_minus_heuristic_alone", "note"]


def build_dd_report(dd_flat, heur_flat, writer, min_deals: int):
    """The double-dummy section: the same offered deals played by the heuristic players and
    solved double-dummy, per class, with the paired differences."""
    from ..games.sheepshead import survey_dd as sd

    n = int(sd.DD_LAYOUT.view(dd_flat, "reach")[:, 0].sum())
    writer.heading("Double-dummy play")
    writer.text(f"""
The first {n:,} deals of the survey (same seed, same classified seat), every offered deal
played out twice: by the heuristic players, and **double-dummy** — every hand visible, both
sides playing perfectly for card points, and **the partner known to the solver from the
first card** (at the table only the partner knows until the called card falls). Bury, call
and the picking decisions are the policy's in both. Pick, alone and — when a later seat
picks after a pass — that seat's hand are solved; leasters stay heuristic. The solver
gives the picker side's scoring class (≤ 30, 31–60, 61–90, ≥ 91, all 120 points — counted
as every trick), which is all the score needs. Double-dummy is not an upper bound for the
picker: the defence is perfect too, and four perfect defenders who see every card are
strong. `dd_minus_heuristic_*` is measured deal by deal (paired): the picker's score with
pick and with alone, the passing player's score, and the gain EV(pick) − EV(pass).
Columns end in `_heuristic` or `_dd`; the rest reads as in the heuristic tables.
""")
    by_seat = sd.dd_table(dd_flat, ["seat"], min_deals)
    writer.table("dd_by_seat", by_seat, "Heuristic and double-dummy on the same deals, by seat.",
                 preview_cols=["seat"] + DD_COLS)
    by_trumps = sd.dd_table(dd_flat, ["trumps"], min_deals)
    writer.table("dd_by_trumps", by_trumps, "Heuristic and double-dummy on the same deals, by trumps (every seat).",
                 preview_cols=["trumps"] + DD_COLS)
    for by in (["seat", "trumps"], ["trumps", "queens"], ["seat", "trumps", "queens", "fail_aces"]):
        writer.table("dd_by_" + "_".join(by), sd.dd_table(dd_flat, by, min_deals),
                     f"By {', '.join(by)}.", preview_rows=0)
    writer.figure("dd_p_win", _dd_p_win_figure(by_trumps, min_deals),
                  "P(win) of pick and alone by trumps, heuristic against double-dummy on the same "
                  "deals (95% Wilson ranges).")
    writer.figure("dd_minus_heuristic", _dd_diff_figure(sd.dd_table(dd_flat, ["seat", "trumps"], min_deals),
                                                        by_trumps, min_deals),
                  "Double-dummy minus heuristic, per class, paired on the same deals (±95%; hollow: "
                  f"fewer than {min_deals} deals).")


def _errorbars(ax, sub, x, y, se, min_deals, label, colour, marker="o", lo=None, hi=None):
    """Points with their 95% bars, joined by a line where the class has ``min_deals``
    deals; hollow, with thin bars and unjoined, where it has fewer."""
    ok = (sub["deals"] >= min_deals).to_numpy()
    thin = dict(ls="none", mfc="none", elinewidth=0.6) | ({} if ok.any() else {"label": label})
    for part, style in ((ok, dict(ls="-", lw=1.5, elinewidth=1.0, label=label)), (~ok, thin)):
        if not part.any():
            continue
        s = sub[part]
        if lo is not None:
            yerr = [(s[y] - s[lo]).clip(lower=0), (s[hi] - s[y]).clip(lower=0)]
        else:
            yerr = 1.96 * s[se].fillna(0)
        ax.errorbar(x[part], s[y], yerr=yerr, marker=marker, ms=4, capsize=2, color=colour, **style)


def _dd_p_win_figure(df, min_deals):
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    for ax, suffix, name in ((axes[0], "", "pick (call a partner)"), (axes[1], "_alone", "alone")):
        for play, colour, marker, dx in (("heuristic", "#e76f51", "o", -0.06), ("dd", "#264653", "s", 0.06)):
            col = f"p_win{suffix}_{play}"
            _errorbars(ax, df, df["trumps"] + dx, col, None, min_deals,
                       "double-dummy" if play == "dd" else "heuristic", colour, marker,
                       lo=f"p_win{suffix}_lo_{play}", hi=f"p_win{suffix}_hi_{play}")
        ax.set_ylim(-0.02, 1.02)
        ax.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
        ax.set_xlabel("trumps held (of 14)")
        ax.set_ylabel("P(picker side ≥ 61 points)")
        ax.set_title(name, fontsize=10)
        ax.xaxis.set_major_locator(integer_ticks())
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Sheepshead: P(win) when you pick, heuristic vs double-dummy ({int(df['deals'].sum()):,} "
                 "offered deals, every seat)", fontsize=11)
    return fig


def _dd_diff_figure(by_seat_trumps, by_trumps, min_deals):
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    names = (("pick", "picker's score, pick"), ("alone", "picker's score, alone"),
             ("pass", "passing player's score"), ("gain", "gain EV(pick) − EV(pass)"))
    fig, axes = plt.subplots(1, 4, figsize=(17, 4.2), layout="constrained", sharey=True)
    for ax, (key, title) in zip(axes, names):
        col = f"dd_minus_heuristic_{key}"
        for seat in range(1, 6):
            sub = by_seat_trumps[by_seat_trumps["seat"] == seat]
            _errorbars(ax, sub, sub["trumps"] + 0.06 * (seat - 3), col, col + "_se", min_deals,
                       f"seat {seat}", SEAT_COLOURS[seat - 1])
        ax.plot(by_trumps["trumps"], by_trumps[col], color="black", lw=1.2, label="every seat")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("trumps held (of 14)")
        ax.xaxis.set_major_locator(integer_ticks())
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("double-dummy − heuristic, points per hand")
    axes[0].legend(fontsize=8)
    fig.suptitle("Sheepshead: how far the heuristic players are from double-dummy, per class (paired)",
                 fontsize=11)
    return fig


MODEL_COLS = ["deals", "p_win_heuristic", "p_win_pimc", "p_win_dd", "p_win_pimc_minus_heuristic",
              "p_win_pimc_minus_heuristic_se", "p_win_dd_minus_pimc", "p_win_dd_minus_pimc_se",
              "p_schneider_heuristic", "p_schneider_pimc", "p_schneider_dd", "mean_points_heuristic",
              "mean_points_pimc", "mean_points_dd", "mean_points_pimc_minus_heuristic",
              "mean_points_pimc_minus_heuristic_se", "mean_points_dd_minus_pimc", "mean_points_dd_minus_pimc_se"]
MODEL_STYLE = (("heuristic", "heuristic", "#e76f51", "o"), ("pimc", "single-dummy", "#2a9d8f", "s"),
               ("dd", "double-dummy", "#264653", "^"))
MODEL_MIN = 20      # classes with fewer deals are hollow in the figure


def build_pimc_section(writer, deals: int, seed: int, threads=None, progress: bool = False) -> str:
    """The play models on the same deals: the offered deals' picked hands played by the
    heuristic, single-dummy (every seat) and double-dummy, per class, with the paired
    differences.  Returns the preamble's line on it."""
    import time

    from ..games.sheepshead import survey_pimc as sp
    from ..games.sheepshead.pimc import DEFAULT_WORLDS

    t0 = time.perf_counter()
    run = sp.run_survey_pimc(deals, seed, DEFAULT_WORLDS, threads=threads, progress=progress)
    elapsed = time.perf_counter() - t0
    offered = int(sp.unpack(run.stats)[1][:, 1].sum())
    by_trumps = sp.models_table(run.stats, ["trumps"])
    writer.heading("Three play models on the same deals")
    writer.text(f"""
The first {run.n_done:,} deals of the survey (same seed, same classified seat). On each of
the {offered:,} offered deals the player **picks** as in the `pick` columns — takes the
blind, buries and calls by the policy (alone only when no call is legal) — and that picked
hand, with the same bury and call, is played out three ways:

- by the **heuristic** players (the survey's own play-out);
- **single-dummy** at every seat: each card chosen in {DEFAULT_WORLDS} sampled layouts of the
  cards that player cannot see (the voids shown, the called-suit duties, who can hold the
  called card), each solved double-dummy. Every seat plays for its side's **61 card points**
  (the picker's side to reach them, the defenders to stop them), and once 61 is settled in a
  layout, for the schneider line still open there (91, or 31 to escape schneider): what a
  strong player does without seeing the other hands. The defenders play single-dummy too,
  so this is the result when every seat plays well, not only the picker;
- **double-dummy**: every hand visible, both sides playing perfectly for card points, the
  partner known to the solver from the first card (the double-dummy section's solver,
  searched for the exact points).

Per class of the player's six cards as dealt: the picker side's **P(win)** (≥ 61 card
points, bury included) with its 95% Wilson range, P(schneider) (≥ 91) and P(schneidered)
(≤ 30), and its **mean card points** ± se for each model. `*_pimc_minus_heuristic` and
`*_dd_minus_pimc` are paired differences (each deal played by all three) with standard
errors and 95% ranges. Single-dummy play aims at 61 first, so its mean points may trail
where a point more or less does not change the line.
""")
    writer.table("models_by_trumps", by_trumps,
                 "P(win), P(schneider) and mean card points of the three play models by the player's trumps "
                 "(every seat), with the paired differences.", preview_cols=["trumps"] + MODEL_COLS)
    writer.table("models_by_policy", sp.models_table(run.stats, ["policy"]),
                 "The same for the hands the policy picks and those it passes (every picked hand is played).",
                 preview_cols=["policy"] + MODEL_COLS)
    writer.table("models_by_seat", sp.models_table(run.stats, ["seat"]), "The same by seat.",
                 preview_cols=["seat"] + MODEL_COLS)
    writer.table("models_by_trumps_queens", sp.models_table(run.stats, ["trumps", "queens"]),
                 "By trumps and queens.", preview_rows=0)
    writer.figure("models_by_trumps", _models_figure(by_trumps, offered),
                  f"P(win) and mean card points of the picker's side by trumps for the three play models on the "
                  f"same deals (95% ranges; hollow: fewer than {MODEL_MIN} deals).")
    tot = sp.models_table(run.stats, []).iloc[0]
    return (f"\n- **Play models section:** the first {run.n_done:,} deals ({offered:,} offered, picked) played by "
            f"the heuristic, single-dummy ({DEFAULT_WORLDS} worlds a card, every seat) and double-dummy players in "
            f"{elapsed:.1f} s; the picker's side wins {100 * tot['p_win_heuristic']:.1f}% / "
            f"{100 * tot['p_win_pimc']:.1f}% / {100 * tot['p_win_dd']:.1f}% (pimc − heuristic "
            f"{100 * tot['p_win_pimc_minus_heuristic']:+.1f} ± {100 * tot['p_win_pimc_minus_heuristic_se']:.1f} "
            "points, paired).")


def _models_figure(df, offered):
    from .charts import integer_ticks, pyplot

    plt = pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    for k, (name, label, colour, marker) in enumerate(MODEL_STYLE):
        x = df["trumps"] + 0.08 * (k - 1)
        _errorbars(ax1, df, x, f"p_win_{name}", None, MODEL_MIN, label, colour, marker,
                   lo=f"p_win_{name}_lo", hi=f"p_win_{name}_hi")
        _errorbars(ax2, df, x, f"mean_points_{name}", f"mean_points_{name}_se", MODEL_MIN, label, colour, marker)
    ax1.set_ylim(-0.02, 1.02)
    ax1.yaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax1.set_ylabel("P(picker side ≥ 61 points)")
    ax1.set_title("P(win) when you pick", fontsize=10)
    for y, label in ((60.5, "61 to win"), (90.5, "schneider")):
        ax2.axhline(y, color="grey", ls=":", lw=0.8)
        ax2.text(0, y + 1, label, fontsize=8, color="grey")
    ax2.set_ylabel("picker side's card points (of 120)")
    ax2.set_title("the picker side's mean card points", fontsize=10)
    for ax in (ax1, ax2):
        ax.set_xlabel("trumps held (of 14)")
        ax.xaxis.set_major_locator(integer_ticks())
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"Sheepshead: heuristic, single-dummy and double-dummy play on the same {offered:,} picked hands",
                 fontsize=11)
    return fig


# ----------------------------------------------------------------------------- the report's spec
# deal indices (about 44% are offered and picked): about a minute on two free cores
PIMC_DEALS = 2000


def report_spec(players: int | None = None):
    """``analyzer report sheepshead`` (``report.build.GameReport``)."""
    from ..games.sheepshead import survey
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    return GameReport(
        "Sheepshead: picking tables",
        "Each deal is a fully random 32-card Sheepshead deal (default rules). One seat, "
        "rotating with the deal number (so each seat has its own independent deals), is the "
        "player classified. When the blind reaches it (every seat before passed by the "
        "picking policy), pick (policy bury and call), pick alone and pass are each played "
        "out on the same deal, the later seats deciding by the policy and all seats playing "
        "with the heuristic players (see below).",
        survey_runner(survey.run_survey),
        build_report,
        {"pick": lambda flat, by: survey.pick_table(flat, by, MIN_CELL),
         "thresholds": lambda flat, by: survey.threshold_table(flat, MIN_CELL),
         "strength": lambda flat, by: survey.strength_table(flat, MIN_CELL),
         "reach": lambda flat, by: survey.reach_table(flat)},
        "pick", survey.BREAKDOWNS, ("seat", "trumps", "queens"),
        dd_run=survey_runner(_dd_survey), dd_build=build_dd_report, dd_deals=20_000,
        dd_description="Each offered deal is played by the heuristic players and solved "
                       "double-dummy (pick, alone, and the later picker's hand after a pass).",
        pimc=build_pimc_section, pimc_deals=PIMC_DEALS)


def _dd_survey(*args, **kw):
    from ..games.sheepshead.survey_dd import run_survey_dd
    return run_survey_dd(*args, **kw)
