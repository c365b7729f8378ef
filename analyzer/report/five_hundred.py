"""Five Hundred charts."""

from __future__ import annotations


def plot_trick_distribution(answer, path: str):
    """One panel per strain: P(contractor side takes t tricks), with P(make) of each level
    written in the panel (misère: P(no trick))."""
    import numpy as np

    from .charts import pyplot

    plt = pyplot()
    dist = answer.extra["distribution"]
    n = len(dist.index)
    cols = min(n, 4)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.8 * cols, 3.2 * rows), squeeze=False,
                             sharey=True)
    tricks = np.array(dist.columns, dtype=int)
    for ax, (name, probs) in zip(axes.flat, dist.iterrows()):
        p = probs.to_numpy()
        misere = "misère" in name
        made = (tricks == 0) if misere else (tricks >= 6)
        ax.bar(tricks, 100 * p, color=np.where(made, "#2a9d8f", "#adb5bd"))
        if misere:
            lines = [f"P(no trick) {100 * p[0]:.1f}%"]
        else:
            lines = [f"P(make {lv}) {100 * p[lv:].sum():5.1f}%" for lv in range(6, 11)]
        ax.text(0.03, 0.97, "\n".join(lines), transform=ax.transAxes, va="top", ha="left",
                fontsize=7.5, family="monospace",
                bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "#cccccc"})
        mean = float((tricks * p).sum())
        ax.set_title(f"{name}: mean {mean:.2f} tricks", fontsize=10)
        ax.set_xticks(tricks)
        ax.set_xlabel("contractor's tricks" if misere else "contractor side's tricks")
        ax.grid(axis="y", alpha=0.3)
    for ax in axes[:, 0]:
        ax.set_ylabel("% of deals")
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)
    m = answer.meta
    fig.suptitle(f"Five Hundred — {m['hand']} — tricks after the kitty exchange "
                 f"({m['deals']:,} deals, {m['play']} play; green: 6+ tricks, or none in misère)",
                 fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----------------------------------------------------------------------------- report
SUIT_BY = ["trumps", "top_trumps", "side_aces"]


def build_report(flat, writer, min_deals: int, units: int = 1):
    """Tables and charts of a Five Hundred survey (heuristic play) into ``writer``
    (``units``: the opposing scoring units that share the defenders' points in EV)."""
    import numpy as np

    from ..games.five_hundred import survey
    from .charts import heatmap, integer_ticks, level_panels, pivot, pyplot

    plt = pyplot()
    levels = range(6, 11)
    p_cols = [f"p{lv}" for lv in levels]

    writer.heading("Suit contracts")
    writer.text("P(make) of 6 to 10 in a suit, for the hand *before* the kitty, by trump length "
                "(counting the bowers and the joker), top trumps held (JK = joker, R = right "
                "bower, L = left bower) and side aces. Each suit sample comes from its own deal.")
    full = survey.suit_table(flat, SUIT_BY, units=units)
    writer.table("suit_by_trumps_top_aces", full, "Full three-way table.",
                 preview_cols=SUIT_BY + ["deals"] + p_cols, preview_rows=0)
    for col, name, label in (("top_count", "top", "top trumps (JK/R/L)"),
                             ("side_aces", "aces", "side aces")):
        table = survey.suit_table(flat, ["trumps", col], units=units)
        writer.table(f"suit_by_trumps_{name}", table, f"By trump length and {label}.",
                     preview_cols=["trumps", col, "deals", "mean_tricks"] + p_cols)
        shown = table[table["trumps"].between(2, 8)]
        writer.figure(f"suit_make_by_trumps_{name}", level_panels(
            shown, "trumps", col, levels, f"Suit contracts: P(make) by trumps and {label}",
            "trumps held", label, min_deals), f"P(make) by trump length and {label}.")

    writer.heading("Which bid pays: the bid ladder")
    writer.text("Expected score (your side minus theirs) of each level, per hand class; the "
                "ladder is the level with the highest expected score, *pass* when none is "
                "positive (passing is valued at 0 here, although the opponents may then bid).")
    ladder = survey.bid_ladder(flat, ["trumps", "top_count"], units=units)
    writer.table("bid_ladder", ladder, "Best suit level by trumps and top trumps.")
    shown = ladder[ladder["trumps"].between(2, 8)]
    r, c, v, d = pivot(shown, "trumps", "top_count", "best_ev")
    texts = [[""] * len(c) for _ in r]
    for _, rec in shown.iterrows():
        texts[r.index(rec["trumps"])][c.index(rec["top_count"])] = (
            f"{rec['best']}\n{rec['best_ev']:+.0f}" if rec["best"] != "pass" else "pass")
    fig, ax = plt.subplots(figsize=(6, 4.6))
    im = heatmap(ax, r, c, v, d, min_deals=min_deals, cmap="viridis", vmin=0,
                 vmax=float(np.nanmax(v)) if np.isfinite(v).any() else 1, texts=texts)
    fig.colorbar(im, ax=ax, label="expected score of the best level (points)")
    ax.set_xlabel("top trumps (JK/R/L)")
    ax.set_ylabel("trumps held")
    ax.set_title("Bid ladder: the best suit level (and its expected score)")
    writer.figure("bid_ladder", fig, "The level with the best expected score per hand class.")
    ev_cols = [f"ev{lv}" for lv in levels]
    evs = survey.suit_table(flat, ["trumps"], units=units)
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for lv in levels:
        sub = evs[evs["deals"] >= min_deals]
        ax.errorbar(sub["trumps"], sub[f"ev{lv}"], yerr=1.96 * sub[f"ev{lv}_se"], marker="o",
                    capsize=2, label=f"bid {lv}")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("trumps held (before the kitty)")
    ax.set_ylabel("expected score per deal (points, ±95%)")
    ax.xaxis.set_major_locator(integer_ticks())
    ax.set_title("Expected score of each suit level by trump length (all suits)")
    ax.legend()
    ax.grid(alpha=0.3)
    writer.figure("ev_by_trumps", fig, "Expected score of bidding 6 to 10 in a suit, by trump length.")
    writer.table("ev_by_trumps", evs[["trumps", "deals"] + ev_cols + [f"{e}_se" for e in ev_cols]],
                 "Expected score per level by trump length.")

    writer.heading("No-trumps")
    nt = survey.nt_table(flat, units)
    writer.table("nt_by_joker_aces", nt, "No-trump contracts by joker held and aces (before the kitty).",
                 preview_cols=["joker", "aces", "deals", "mean_tricks"] + p_cols)
    nt_plot = nt.assign(joker=nt["joker"].map({True: "joker", False: "no joker"}))
    writer.figure("nt_make", level_panels(nt_plot, "joker", "aces", levels,
                                          "No-trumps: P(make) by joker and aces", "", "aces",
                                          min_deals), "No-trump P(make) by joker and aces.")

    writer.heading("Misère")
    writer.text("Misère is played by three (the partner sits out); *high cards* are cards of "
                "rank 10 or better plus the joker; *short suits* are suits with at most one card.")
    mis = survey.misere_table(flat)
    writer.table("misere_by_high_short", mis, "Misère and open misère success.",
                 preview_cols=["contract", "high_cards", "short_suits", "deals", "p_make",
                               "p_make_lo", "p_make_hi", "ev"])
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2))
    im = None
    for ax, name in zip(axes, ("misère", "open misère")):
        sub = mis[(mis["contract"] == name) & (mis["high_cards"] <= 6)]
        r, c, v, d = pivot(sub, "high_cards", "short_suits", "p_make")
        im = heatmap(ax, r, c, v, d, min_deals=min_deals)
        ax.set_title(name)
        ax.set_xlabel("short suits (0-1 cards)")
        ax.set_ylabel("high cards (T-A, joker)")
    fig.colorbar(im, ax=axes.tolist(), label="P(no trick)")
    writer.figure("misere", fig, "Misère success by high cards and short suits.")

    writer.heading("The value of the kitty")
    writer.text("Tricks the contracting side gains from the kitty exchange: the same deals "
                "played with the exchange and with the contractor keeping the original ten cards.")
    kitty = survey.kitty_table(flat, ["trumps", "top_count"])
    writer.table("kitty_value", kitty, "Tricks gained by the exchange.")
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for top in sorted(kitty["top_count"].unique()):
        sub = kitty[(kitty["top_count"] == top) & (kitty["deals"] >= min_deals)]
        ax.errorbar(sub["trumps"], sub["kitty_gain"], yerr=1.96 * sub["kitty_gain_se"], marker="o",
                    capsize=2, label=f"{top} top trumps")
    ax.set_xlabel("trumps held (before the kitty)")
    ax.set_ylabel("tricks gained by the exchange (±95%)")
    ax.xaxis.set_major_locator(integer_ticks())
    ax.set_title("Value of the kitty")
    ax.grid(alpha=0.3)
    ax.legend()
    writer.figure("kitty_value", fig, "Tricks gained by the kitty exchange.")


def build_dd_report(dd_flat, heur_flat, writer, min_deals: int, units: int = 1):
    """The double-dummy section: dd bid success and the heuristic's shortfall per class."""
    from ..games.five_hundred import survey_dd
    from .charts import integer_ticks, level_panels, pyplot

    plt = pyplot()
    levels = range(6, 11)
    p_cols = [f"p{lv}" for lv in levels]
    writer.heading("Double-dummy play")
    writer.text("The same deals (the first ones of the survey, same seed) solved double-dummy: "
                "every hand visible, perfect play by both sides, after the same kitty exchange "
                "(the contractor's best joker nomination is tried in no-trumps and misère). "
                "Double-dummy is not an upper bound for the contractor — the defence is perfect "
                "too — so the heuristic can take more on some deals; the difference is measured "
                "deal by deal (paired), which keeps its interval narrow.")
    dd = survey_dd.dd_suit_table(dd_flat, ["trumps", "top_count"], units)
    writer.table("dd_suit_by_trumps_top", dd, "Double-dummy P(make) in a suit by trumps and top trumps.",
                 preview_cols=["trumps", "top_count", "deals", "mean_tricks"] + p_cols)
    shown = dd[dd["trumps"].between(2, 8)]
    writer.figure("dd_suit_make_by_trumps_top", level_panels(
        shown, "trumps", "top_count", levels, "Double-dummy: P(make) by trumps and top trumps",
        "trumps held", "top trumps (JK/R/L)", min_deals), "Double-dummy P(make) by trump length and top trumps.")
    diff = survey_dd.difference_table(dd_flat, ["trumps", "top_count"])
    writer.table("dd_minus_heuristic", diff,
                 "Mean tricks, double-dummy minus heuristic, on the same deals, per class.")
    fig, ax = plt.subplots(figsize=(7.5, 4.4))
    for top in sorted(diff["top_count"].unique()):
        sub = diff[(diff["top_count"] == top) & (diff["deals"] >= min_deals // 4)]
        ax.errorbar(sub["trumps"] + 0.06 * (top - 1.5), sub["dd_minus_heuristic"],
                    yerr=1.96 * sub["dd_minus_heuristic_se"], marker="o", capsize=2,
                    label=f"{top} top trumps")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("trumps held (before the kitty)")
    ax.set_ylabel("tricks: double-dummy − heuristic (±95%)")
    ax.xaxis.set_major_locator(integer_ticks())
    ax.set_title("How far the heuristic players are from double-dummy (suit contracts)")
    ax.legend()
    ax.grid(alpha=0.3)
    writer.figure("dd_minus_heuristic", fig,
                  f"Double-dummy minus heuristic tricks per class (classes with ≥ {min_deals // 4} deals).")
    nt = survey_dd.dd_nt_table(dd_flat, units)
    writer.table("dd_nt_by_joker_aces", nt, "No-trumps double-dummy, with the paired difference to the heuristic.",
                 preview_cols=["joker", "aces", "deals", "mean_tricks"] + p_cols + ["dd_minus_heuristic"])
    mis = survey_dd.dd_misere_table(dd_flat)
    if mis.empty:
        writer.text("Misère is not solved double-dummy at this table: against four defenders a proof that the "
                    "contractor escapes every trick can take minutes a deal.")
        return
    writer.table("dd_misere", mis, "Misère made: heuristic players and double-dummy on the same deals.")
    fig, ax = plt.subplots(figsize=(7, 4.2))
    sub = mis[mis["deals"] >= min_deals // 4]
    for kind, marker, label in (("heuristic", "o", "heuristic (closed misère)"), ("dd", "s", "double-dummy")):
        p = sub[f"p_make_{kind}"]
        ax.errorbar(sub["high_cards"], 100 * p, yerr=[100 * (p - sub[f"p_make_{kind}_lo"]),
                                                      100 * (sub[f"p_make_{kind}_hi"] - p)],
                    marker=marker, capsize=2, label=f"{label} (±95%)")
    ax.xaxis.set_major_locator(integer_ticks())
    ax.set_xlabel("high cards (T-A, joker) before the kitty")
    ax.set_ylabel("% of deals with no trick")
    ax.set_title("Misère: heuristic defence against perfect defence")
    ax.legend()
    ax.grid(alpha=0.3)
    writer.figure("dd_misere", fig, "Misère success, heuristic players against double-dummy.")


# ----------------------------------------------------------------------------- game equity
EQUITY_PLOT_TOP = 990     # the heatmap shows scores up to here (the table goes to its cap)


def equity_frame(table):
    """The equity table in long format: we_deal (1/0), us, them, p_win."""
    import numpy as np
    import pandas as pd

    scores = table.scores
    n = len(scores)
    d, i, j = np.meshgrid(np.arange(2), np.arange(n), np.arange(n), indexing="ij")
    return pd.DataFrame({"we_deal": 1 - d.ravel(), "us": scores[i.ravel()], "them": scores[j.ravel()],
                         "p_win": table.p.ravel()})


def plot_equity(table, path: str):
    """One heatmap per dealer: P(we win) by our score (rows) and theirs (columns), with
    the 10/25/50/75/90% contours."""
    from .charts import pyplot

    plt = pyplot()
    scores = table.scores
    m = int((scores <= EQUITY_PLOT_TOP).sum())
    lo, hi = scores[0], scores[m - 1]
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.4), sharey=True)
    for ax, d, title in zip(axes, (0, 1), ("we deal next", "they deal next")):
        grid = table.p[d, :m, :m]
        im = ax.imshow(grid, origin="lower", cmap="RdYlGn", vmin=0, vmax=1, aspect="auto",
                       extent=(lo - 5, hi + 5, lo - 5, hi + 5))
        cs = ax.contour(scores[:m], scores[:m], grid, levels=[0.1, 0.25, 0.5, 0.75, 0.9],
                        colors="black", linewidths=0.6)
        ax.clabel(cs, fmt=lambda v: f"{100 * v:.0f}%", fontsize=7)
        for x in (0, 500):
            ax.axhline(x, color="grey", lw=0.4, ls=":")
            ax.axvline(x, color="grey", lw=0.4, ls=":")
        ax.set_title(f"P(we win), {title}", fontsize=10)
        ax.set_xlabel("their score")
    axes[0].set_ylabel("our score")
    fig.colorbar(im, ax=axes, shrink=0.85, label="P(we win the game)")
    fig.suptitle(f"Five Hundred game equity — {table.deals:,} self-play deals, seed {table.seed}"
                 f" (scores shown to {hi}; table to {table.cap})", fontsize=11)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def write_equity_files(table, out_dir: str, command: str) -> list[str]:
    """equity.csv (long format), equity.png (heatmaps) and equity.md (how it was made)
    in ``out_dir``; returns the paths written."""
    import os
    from dataclasses import asdict

    os.makedirs(out_dir, exist_ok=True)
    frame = equity_frame(table)
    paths = [os.path.join(out_dir, f"equity.{ext}") for ext in ("csv", "png", "md")]
    frame.to_csv(paths[0], index=False, float_format="%.8f")
    plot_equity(table, paths[1])
    out = table.outcomes
    dealer_pts, other_pts = out.mean_points()
    n = len(table.scores)
    rules = ", ".join(f"{k}={v}" for k, v in asdict(table.options).items())
    built = (f"{table.build_seconds:.1f} s (self-play and solve; the solve alone "
             f"{table.dp_seconds:.1f} s, {table.sweeps} Gauss–Seidel sweeps)")
    text = f"""# Five Hundred game equity

P(we win the game) for every score (ours, theirs: −490 … {table.cap} in steps of 10) and
either side dealing next, from the deal outcomes of {table.deals:,} self-play deals
(seed {table.seed}) solved exactly as a Markov chain over the game
(`analyzer/games/five_hundred/equity.py`).  A score above {table.cap} counts as {table.cap}.

    {command}

- deals: {table.deals:,}; seed: {table.seed}; rules: {rules}
- built in {built}
- table: 2 × {n} × {n} = {2 * n * n:,} states; `equity.csv` has one row per state
  (we_deal 1/0, us, them, p_win)
- one deal: thrown in {100 * out.p_thrown:.2f}%, the dealing side contracts
  {100 * out.p_dealer_contracts:.2f}%, the other side {100 * (1 - out.p_thrown - out.p_dealer_contracts):.2f}%;
  mean points a deal {dealer_pts:+.1f} (dealing side), {other_pts:+.1f} (other side)
- the policy bids and plays without looking at the score: this is the equity of self-play
  by that policy

![P(we win) by score and dealer](equity.png)
"""
    with open(paths[2], "w", encoding="utf-8") as fh:
        fh.write(text)
    return paths


def plot_here(answer, path: str):
    """The bid question's calls: EV ± 1.96 se per call (and P(win) with its interval when
    the answer has a score), the recommended call highlighted."""
    import numpy as np

    from .charts import pyplot

    plt = pyplot()
    t = answer.table
    win = "p_win" in t
    fig, axes = plt.subplots(1, 2 if win else 1, figsize=(11 if win else 6.5, 0.32 * len(t) + 1.6), squeeze=False)
    y = np.arange(len(t))
    colours = np.where(t["action"] == answer.best, "#2a9d8f", "#adb5bd")
    ax = axes[0, 0]
    ax.barh(y, t["ev"], xerr=1.96 * t["ev_se"], color=colours)
    ax.set_yticks(y, t["call"])
    ax.invert_yaxis()
    ax.axvline(0, color="#555555", lw=0.8)
    ax.set_xlabel("EV: your side's points minus theirs")
    if win:
        ax2 = axes[0, 1]
        ax2.barh(y, 100 * t["p_win"], xerr=[100 * (t["p_win"] - t["p_win_lo"]), 100 * (t["p_win_hi"] - t["p_win"])],
                 color=colours)
        ax2.set_yticks(y, t["call"])
        ax2.invert_yaxis()
        ax2.set_xlabel("P(win the game), %")
    m = answer.meta
    fig.suptitle(f"{m['hand']} — {m['seat']}, {m['dealer']} dealt, calls: {' '.join(m['auction']) or 'none'}",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


AUCTION_DEALS = 2_000_000     # self-play auctions of the report's auction section (at most the report's deals)


def kinds_section(writer, deals: int, seed: int, threads=None, progress: bool = False, players: int = 4) -> str:
    """Where self-play ends at this table: how often each kind of contract (suit,
    no-trumps, misère, open misère, all pass) is reached and made.  Returns the text's
    figures for the preamble."""
    from ..games.five_hundred.selfplay import contract_kinds

    n = min(deals, AUCTION_DEALS)
    kinds, played = contract_kinds(players, n, seed, threads=threads, progress=progress)
    writer.heading("Self-play: the contracts the policy reaches")
    writer.text(f"Every seat bidding by the table's policy (`analyzer 500 auction --players {players}` shows it for one "
                f"hand) and the contract played by the heuristic players, on {played:,} deals, the dealer "
                "rotating: how often each kind of contract is reached (`p_contract`) and made (`p_make`), with "
                "95% intervals.")
    writer.table("auction_kinds", kinds, "Contracts of self-play by kind.",
                 preview_cols=["contract", "deals", "p_contract", "p_contract_lo", "p_contract_hi", "p_make",
                               "p_make_lo", "p_make_hi"])
    om = kinds[kinds["contract"] == "open misère"].iloc[0]
    return f"open misère on {100 * om['p_contract']:.1f}% of self-play deals"


def build_kinds_section(writer, deals: int, seed: int, threads=None, progress: bool = False,
                        players: int = 4) -> str:
    """The auction section at a table other than four players: ``kinds_section``."""
    import time
    t0 = time.perf_counter()
    line = kinds_section(writer, deals, seed, threads, progress, players)
    return (f"\n- **Auction section:** {min(deals, AUCTION_DEALS):,} self-play deals ({line}), in "
            f"{time.perf_counter() - t0:.1f} s.")


def build_auction_section(writer, deals: int, seed: int, threads=None, progress: bool = False) -> str:
    """The auction section: the bidding policy's first call by seat position and hand class,
    the contracts self-play ends in, and the game equity table (equity.*).  Returns the
    preamble's line on it."""
    import time

    import numpy as np
    import pandas as pd

    from ..games.five_hundred.bidding import ALL_CONTRACTS
    from ..games.five_hundred.equity import DEFAULT_DEALS as EQUITY_DEALS
    from ..games.five_hundred.equity import equity_table
    from ..games.five_hundred.selfplay import CALL_CATEGORIES, calls_survey, deal_outcomes
    from ..stats import wilson
    from .charts import heatmap, pivot, pyplot

    n = min(deals, AUCTION_DEALS)
    t0 = time.perf_counter()
    run = calls_survey(n, seed, threads=threads, progress=progress)
    h = run.stats                                     # position, trumps, top, category, nt
    rows = []
    for pos in range(h.shape[0]):
        for trumps in range(h.shape[1]):
            for top in range(h.shape[2]):
                cell = h[pos, trumps, top]
                total = int(cell.sum())
                if not total:
                    continue
                row = {"position": pos + 1, "trumps": trumps, "top_count": top, "deals": total}
                for k, name in enumerate(CALL_CATEGORIES):
                    row[f"p_{name.replace(' ', '_').replace('è', 'e')}"] = cell[k].sum() / total
                bids = cell[1:].sum()
                row["p_nt_of_bids"] = cell[:, 1].sum() / bids if bids else np.nan
                rows.append(row)
    calls = pd.DataFrame(rows)
    writer.heading("The auction: the policy's calls")
    writer.text("The bidding policy of every seat (`analyzer 500 auction` shows its evaluation for one hand): "
                f"{n:,} self-play auctions, the dealer rotating. Each seat's *first* call by its position in the "
                "auction (1 speaks first, left of the dealer), the trumps (bowers and joker counted) and top "
                "trumps (JK/R/L) of its best suit. A bid names a level (6-10; the share in no-trumps is "
                "`p_nt_of_bids`) or misère. The policy bids the level it expects to make: overtricks score "
                "nothing.")
    writer.table("auction_calls", calls, "First calls by position and hand class.",
                 preview_cols=["position", "trumps", "top_count", "deals", "p_pass", "p_6", "p_7", "p_8", "p_9",
                               "p_10", "p_misere", "p_open_misere"], preview_rows=0)
    first = calls[(calls["position"] == 1) & calls["trumps"].between(2, 8)]
    r, c, v, d = pivot(first.assign(p_bid=1 - first["p_pass"]), "trumps", "top_count", "p_bid")
    fig, ax = pyplot().subplots(figsize=(6, 4.6))
    im = heatmap(ax, r, c, v, d, min_deals=200, cmap="viridis")
    fig.colorbar(im, ax=ax, label="P(the first speaker bids)")
    ax.set_xlabel("top trumps (JK/R/L)")
    ax.set_ylabel("trumps in the best suit")
    writer.figure("auction_first_bid", fig, "How often the first speaker bids, by its best suit.")

    counts, thrown, played = deal_outcomes(n, seed, threads=threads, progress=progress)
    rows = []
    for j, c_ in enumerate(ALL_CONTRACTS):
        for side, label in ((0, "dealer's side"), (1, "other side")):
            k = int(counts[side, j].sum())
            if not k:
                continue
            made = int(counts[side, j, :1].sum() if c_.is_misere else counts[side, j, c_.level:].sum())
            lo, hi = wilson(made, k)
            rows.append({"contract": c_.name, "side": label, "deals": k, "p_contract": k / played,
                         "p_make": made / k, "p_make_lo": float(lo), "p_make_hi": float(hi),
                         "mean_tricks": float((counts[side, j] * np.arange(11)).sum() / k)})
    contracts = pd.DataFrame(rows)
    writer.text(f"Where self-play ends ({played:,} deals): thrown in (all four pass) {100 * thrown / played:.1f}%; "
                "each contract by the side that plays it, how often it is played and made (heuristic play).")
    writer.table("auction_contracts", contracts, "Contracts of self-play.",
                 preview_cols=["contract", "side", "deals", "p_contract", "p_make", "p_make_lo", "p_make_hi"])

    kinds_line = kinds_section(writer, deals, seed, threads, progress)

    eq_deals = min(deals, EQUITY_DEALS)
    table = equity_table(deals=eq_deals, seed=seed, threads=threads, progress=progress)
    cmd = f"analyzer 500 equity --score 0:0 --deals {eq_deals} --seed {seed} --table-out {writer.out_dir}"
    for path in write_equity_files(table, writer.out_dir, cmd):
        writer.files.append(path.rsplit("/", 1)[-1])
    writer.heading("Game equity: P(win) from any score")
    writer.text(f"P(winning the game) for every score and dealer, from {table.deals:,} self-play deals solved as a "
                "Markov chain over the game: [`equity.md`](equity.md) (how), [`equity.csv`](equity.csv) (the "
                "table), below the chart. `analyzer 500 equity --score US:THEM` reads it; `bid --score` adds "
                "P(win) to every call from it.")
    writer.sections.append("![P(we win) by score and dealer](equity.png)\n")
    return (f"\n- **Auction section:** {n:,} self-play auctions and deals ({kinds_line}), and the equity table from "
            f"{table.deals:,} self-play deals, in {time.perf_counter() - t0:.1f} s.")


def plot_leads(answer, path: str):
    """The leads' P(make) with 95% intervals, best first (``500 lead --plot``)."""
    from .charts import lead_bars

    m = answer.meta
    lead_bars(answer.table, path, f"Opening lead to {m['contract']}: {m['deals']:,} deals, {m['play']} play")


def build_pimc_section(writer, deals: int, seed: int, threads=None, progress: bool = False) -> str:
    """The play models on the same deals: heuristic, single-dummy (every seat) and
    double-dummy, P(make) and mean tricks per class with paired differences.  Returns the
    preamble's line on it."""
    import time

    import numpy as np

    from ..games.five_hundred.pimc import DEFAULT_WORLDS
    from ..games.five_hundred.survey_pimc import NT_LEVEL, SUIT_LEVEL, models_table, run_survey_pimc
    from .charts import pyplot

    t0 = time.perf_counter()
    run = run_survey_pimc(deals, seed, DEFAULT_WORLDS, threads=threads, progress=progress)
    elapsed = time.perf_counter() - t0
    t = models_table(run.stats)
    writer.heading("Three play models on the same deals")
    writer.text(f"The first {run.n_done:,} deals of the survey, seat S contracting {SUIT_LEVEL} in the deal's suit, "
                f"{NT_LEVEL}NT, misère and open misère after the kitty exchange, each played three ways: by the "
                "heuristic players, "
                f"single-dummy at every seat (each card chosen in {DEFAULT_WORLDS} sampled layouts of the cards "
                "that player cannot see, solved double-dummy, aiming at the contract: what a strong player does "
                "without seeing the other hands) and double-dummy (every hand visible). `pimc_minus_heuristic` "
                "and `dd_minus_pimc` are paired differences (each deal played by all three) with standard "
                "errors. Single-dummy play aims at P(make), so its mean tricks may trail where overtricks do not "
                "count. Misère's class is the high cards held (10 or higher, and the joker); its rows show how "
                "often the heuristic defenders let a misère through next to single-dummy and double-dummy "
                "defence (no trick columns: the double-dummy answer there is only made or not).")
    writer.table("models_by_class", t, "P(make) and mean tricks of the three play models per hand class, with "
                 "the paired differences.",
                 preview_cols=["contract", "class", "deals", "p_make_heuristic", "p_make_pimc", "p_make_dd",
                               "p_make_pimc_minus_heuristic", "tricks_heuristic", "tricks_pimc", "tricks_dd"])
    plt = pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 8.4))
    for ax, (contract, sub) in zip(axes.ravel(), t.groupby("contract", sort=False)):
        sub = sub[sub["deals"] >= 20]
        x = np.arange(len(sub))
        for k, (name, label) in enumerate((("heuristic", "heuristic"), ("pimc", "single-dummy"),
                                           ("dd", "double-dummy"))):
            p = 100 * sub[f"p_make_{name}"]
            ax.errorbar(x + 0.12 * (k - 1), p, yerr=[p - 100 * sub[f"p_make_{name}_lo"],
                                                     100 * sub[f"p_make_{name}_hi"] - p],
                        marker="os^"[k], capsize=2, ls="-", label=label)
        ax.set_xticks(x, sub["class"], rotation=30, ha="right")
        ax.set_ylabel("P(make) %, 95% interval")
        ax.set_title(f"{contract}: the three play models")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    writer.figure("models_by_class", fig, "P(make) by class for the three play models (classes with ≥ 20 deals).")
    suit = t[t["contract"].str.contains("suit")]
    n_suit = suit["deals"].sum()
    gain = (suit["p_make_pimc_minus_heuristic"] * suit["deals"]).sum() / n_suit
    om = t[t["contract"] == "open misère"]
    om_gap = (om["p_make_pimc_minus_heuristic"] * om["deals"]).sum() / max(om["deals"].sum(), 1)
    return (f"\n- **Play models section:** the first {run.n_done:,} deals played by the heuristic, single-dummy "
            f"({DEFAULT_WORLDS} worlds a card) and double-dummy players in {elapsed:.1f} s; in the suit at the "
            f"{SUIT_LEVEL} level single-dummy makes {100 * gain:+.1f} points more often than the heuristic, "
            f"in open misère {100 * om_gap:+.1f}.")


# ----------------------------------------------------------------------------- the report's spec
def report_spec(players: int | None = None):
    """``analyzer report five-hundred [--players N]`` (``report.build.GameReport``)."""
    from functools import partial

    from ..games.five_hundred import survey
    from ..games.five_hundred.deck import table
    from ..games.five_hundred.dd import MAX_SEATS
    from ..games.five_hundred.questions import table_note
    from ..games.five_hundred.rules import DD_MISERE_MAX_ACTIVE, misere_seats, opponent_units
    from .build import GameReport, survey_runner
    tab = table(4 if players is None else players)
    units = opponent_units(tab.players)
    four = tab.players == 4
    run = survey_runner(survey.run_survey) if four else survey_runner(partial(survey.run_survey, players=tab.players))
    dd_run = _dd_survey if four else partial(_dd_survey, players=tab.players)
    has_dd = tab.n_seats <= MAX_SEATS
    deal = ("Each deal is a fully random 43-card Five Hundred deal." if four else
            f"Each deal is a fully random {tab.deck.size}-card deal at a {tab.players}-player table "
            f"({table_note(tab)}).")
    return GameReport(
        "Five Hundred: bid-success tables" if four else f"Five Hundred, {tab.players} players: bid-success tables",
        deal + " Seat S is the would-be "
        "contractor: the hand is classified *before* the kitty, then the contractor takes the "
        "kitty, discards three by the heuristic policy, leads, and all seats play ten tricks "
        "with the heuristic players (see the main README). Every deal is played in one suit "
        "(suit = deal index mod 4, so suit samples are independent), in the same suit without "
        "the exchange, in no-trumps, in misère and in open misère.",
        run,
        build_report if four else partial(build_report, units=units),
        {"suit": survey.suit_table if four else partial(survey.suit_table, units=units),
         "ladder": survey.bid_ladder if four else partial(survey.bid_ladder, units=units),
         "kitty": survey.kitty_table,
         "nt": lambda flat, by: survey.nt_table(flat, units),
         "misere": lambda flat, by: survey.misere_table(flat)},
        "suit", survey.SUIT_FEATURES + survey.DERIVED,
        dd_run=survey_runner(dd_run) if has_dd else None,
        dd_build=build_dd_report if four else partial(build_dd_report, units=units),
        dd_deals=10_000 if four else 2_000,
        dd_description=("Each is played in its suit, in no-trumps and in misère, double-dummy "
                        "and by the heuristic players." if misere_seats(tab.players) <= DD_MISERE_MAX_ACTIVE else
                        "Each is played in its suit and in no-trumps, double-dummy and by the heuristic players "
                        "(misère is not solved at this table: see the section)."),
        extra=build_auction_section if four else partial(build_kinds_section, players=tab.players),
        pimc=build_pimc_section if four else None,
        pimc_deals=400, players=tab.players)


def _dd_survey(*args, **kw):
    from ..games.five_hundred.survey_dd import run_survey_dd
    return run_survey_dd(*args, **kw)
