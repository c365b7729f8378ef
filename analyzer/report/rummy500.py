"""Rummy 500 charts (questions) and the report's tables and charts."""

from __future__ import annotations

import numpy as np

from .charts import pyplot

GREEN, GREY, ORANGE = "#2a9d8f", "#adb5bd", "#e76f51"


def plot_position(answer, path: str):
    """take / discard: the ranking figure first -- P(win the game) with --scores, else the
    margin over the best opponent -- then the margin and P(you go out first), each with its
    95% interval."""
    plt = pyplot()
    t = answer.table.iloc[::-1]
    game = answer.meta["scores"] is not None
    panels = ([("p_win", "P(win the game), % (95% interval)")] if game else []) + [
        ("mean_margin", "margin over the best opponent (95% interval)"),
        ("p_out", "P(you go out first), % (95% interval)")]
    fig, axes = plt.subplots(1, len(panels), figsize=(3.8 * len(panels) + 2.5, 0.45 * len(t) + 1.8), squeeze=False)
    colours = [GREEN if a == answer.best else GREY for a in t["action"]]
    for i, (col, label) in enumerate(panels):
        ax = axes[0, i]
        if col == "mean_margin":
            ax.barh(t["action"], t[col], xerr=1.96 * t["margin_se"], color=colours, capsize=3)
            ax.axvline(0, color="black", linewidth=0.8)
        else:
            err = np.vstack([t[col] - t[f"{col}_lo"], t[f"{col}_hi"] - t[col]]) * 100
            ax.barh(t["action"], 100 * t[col], xerr=err, color=colours, capsize=3)
        ax.set_xlabel(label)
        if i:
            ax.set_yticklabels([])
        ax.grid(axis="x", alpha=0.3)
    m = answer.meta
    fig.suptitle(f"Rummy 500 — {answer.question}: {m['hand']} | pile {m['pile'] or '(empty)'} "
                 f"({m['players']} players, {m['deals']:,} deals)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_tournament(answer, path: str):
    """P(win the game) per strategy with its interval, against a fair share."""
    plt = pyplot()
    t = answer.table
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 0.5 * len(t) + 2))
    err = np.vstack([t["p_win"] - t["p_win_lo"], t["p_win_hi"] - t["p_win"]]) * 100
    colours = [ORANGE if s.startswith("random") else GREEN for s in t["strategy"]]
    ax1.barh(t["strategy"], 100 * t["p_win"], xerr=err, color=colours, capsize=3)
    ax1.axvline(100 / answer.meta["players"], color="black", linestyle=":", linewidth=1, label="fair share")
    ax1.set_xlabel("P(win the game), % (95% interval)")
    ax1.legend(fontsize=8)
    ax1.invert_yaxis()
    ax2.barh(t["strategy"], t["mean_points_per_hand"], xerr=1.96 * t["points_per_hand_se"], color=colours, capsize=3)
    ax2.set_xlabel("mean points per hand")
    ax2.set_yticklabels([])
    ax2.invert_yaxis()
    for ax in (ax1, ax2):
        ax.grid(axis="x", alpha=0.3)
    m = answer.meta
    fig.suptitle(f"Rummy 500 — {m['players']} players, {m['games']:,} games to {m['target']}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----------------------------------------------------------------------------- report
def build_report(flat, writer, min_deals: int):
    """Tables and charts of the Rummy 500 survey into ``writer``."""
    from ..games.rummy500 import survey as sv

    branch = sv.branch_table(flat)
    writer.heading("How to read the Rummy 500 tables")
    writer.text(f"""
Each **deal number** is a hand of 2, 3, 4, 5, 6 or 8 players (in turn; default rules, so
two decks with 6 and 8), every seat played by the `{sv.SURVEY_STRATEGY}` strategy (see the
main README). The hand is played to a random turn (1 to {sv.T_MAX}); if it is still going,
the player to draw there is **classified**: drawing from the stock and taking the pile
from each depth he could take (the deepest card usable at once when that is a duty; up to
{sv.K_MAX} cards) are each played out to the end of the hand from that same position with
the same random stream. Every take is compared with the stock draw on the same deal:

- **`margin_gain`** = his margin over the best opponent (his hand score minus the best
  other player's) after the take − after the stock draw, with its standard error: what
  wins the game, and what `rummy500 take` ranks by; **`gain`** the same for his own hand
  score alone (points of the hand: melded minus held), with its 95% range (`gain_lo`,
  `gain_hi`); **`p_better`** the share of deals on which the take scored more;
  `p_policy_takes` how often the strategy itself chose that take; **`verdict`**: `take`
  when the whole 95% range of `margin_gain` is above 0, `draw` when below, else `either`.
- Breakdowns: **`players`**; **`cards`** taken (1 = the top card alone); **`kind`**: how
  the deepest card taken is used at once in the best arrangement (`kept`: a single card
  with no duty, not melded); **`phase`**: cards left in the stock; **`hand`**: cards in
  hand before the draw.
- Branch points where the stock is empty have no stock draw to compare with and are
  left out of the gains ({int(branch['stock_empty'].sum()):,} of {int(branch['branched'].sum()):,}).

The hand as the strategy plays it gives its **length** in turns (a turn is one player's
draw, melds and discard). Every {sv.GAME_EVERY}th deal number also plays one whole game to
500 for 2, 4 or 8 players between greedy, holder, piler and random, seated in rotation.
""")
    writer.table("branch_points", branch, "Deals, branch points and rule checks by player count.")

    t = sv.take_table(flat, ("players", "cards"), min_deals)
    writer.heading("What taking the pile is worth, by player count and cards taken")
    writer.table("take_by_cards", t, "Paired gain of taking the pile from a depth (cards taken) over the stock.",
                 ["players", "cards", "deals", "margin_gain", "margin_gain_se", "gain", "gain_se", "p_better",
                  "p_policy_takes", "verdict", "note"], preview_rows=60)
    writer.figure("take_by_cards", _heat(t, "cards", "players", "margin_gain", min_deals,
                                         "margin gain of taking the pile over the stock (points)"),
                  "Mean gain in margin over the best opponent of a take over the stock draw, by player count and "
                  "cards taken.")
    for by, title in (("kind", "how the deepest card is used"), ("phase", "cards left in the stock"),
                      ("hand", "cards in hand before the draw")):
        t = sv.take_table(flat, ("players", by), min_deals)
        writer.heading(f"Taking the pile by {title}", 3)
        writer.table(f"take_by_{by}", t, f"Paired gain of a take over the stock, by player count and {title}.",
                     ["players", by, "deals", "margin_gain", "margin_gain_se", "gain", "gain_se", "p_better",
                      "verdict", "note"],
                     preview_rows=40)
        writer.figure(f"take_by_{by}", _heat(t, by, "players", "margin_gain", min_deals,
                                             f"margin gain of a take over the stock, by {title}"),
                      f"Mean gain in margin over the best opponent of a take over the stock draw, by player count "
                      f"and {title}.")
    t = sv.take_table(flat, ("players", "cards", "kind", "phase", "hand"), min_deals)
    writer.table("take_all", t, "The joint table behind every breakdown above (every non-empty cell).",
                 preview_rows=0)

    writer.heading("How long a hand lasts")
    writer.table("hand_length_summary", sv.length_summary(flat),
                 "Mean length of a hand, and P(it has ended by round r): a round is every player's turn once.")
    lt = sv.length_table(flat)
    writer.table("hand_length", lt, "P(the hand has ended by turn t), by player count, with 95% ranges.",
                 ["players", "turn", "round", "hands", "p_ended", "p_ended_lo", "p_ended_hi", "mean_turns"],
                 preview_rows=0)
    writer.figure("hand_length", _length_chart(lt), "P(the hand has ended by turn t) (and by round).")

    writer.heading("Tournaments to 500")
    parts = []
    for tp in sv.TOURNAMENT_PLAYERS:
        tt = sv.tournament_table(flat, tp)
        parts.append(tt)
        writer.table(f"tournament_{tp}", tt, f"{tp} players: P(win the game) per seat with 95% ranges.",
                     ["strategy", "seat_games", "wins", "p_win", "p_win_lo", "p_win_hi", "fair_share",
                      "mean_points_per_hand", "points_per_hand_se", "p_out_per_hand", "hands_per_game",
                      "unfinished"])
    writer.figure("tournaments", _tournament_chart(parts), "P(win the game) per strategy and player count.")


def _heat(df, cols, rows, value, min_deals, title):
    from ..games.rummy500.survey import LABELS
    from .charts import heatmap, pivot

    plt = pyplot()
    present = set(df[cols])
    r, c, vals, deals = pivot(df, rows, cols, value, row_order=[x for x in LABELS[rows] if x in set(df[rows])],
                              col_order=[x for x in LABELS[cols] if x in present])
    fig, ax = plt.subplots(figsize=(1.0 + 0.8 * len(c), 0.6 * len(r) + 1.6))
    lim = max(1.0, float(np.nanmax(np.abs(vals)))) if np.isfinite(vals).any() else 1.0
    heatmap(ax, r, c, vals, deals, min_deals=min_deals, fmt="{:+.1f}", vmin=-lim, vmax=lim)
    ax.set_xlabel(cols)
    ax.set_ylabel(rows)
    ax.set_title(title, fontsize=10)
    return fig


def _length_chart(lt):
    plt = pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 3.8))
    for np_, sub in lt.groupby("players"):
        ax1.plot(sub["turn"], 100 * sub["p_ended"], label=f"{np_} players")
        by_round = sub.groupby("round")["p_ended"].max()
        ax2.plot(by_round.index, 100 * by_round.values, marker=".", label=f"{np_} players")
    ax1.set_xlabel("turn (one player's draw, melds and discard)")
    ax2.set_xlabel("round (every player has had a turn)")
    for ax in (ax1, ax2):
        ax.set_ylabel("% of hands ended")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    ax2.set_xlim(0, 15)
    fig.tight_layout()
    return fig


def _tournament_chart(parts):
    plt = pyplot()
    fig, axes = plt.subplots(1, len(parts), figsize=(4 * len(parts), 3.2), sharey=True)
    for ax, t in zip(np.atleast_1d(axes), parts):
        err = np.vstack([t["p_win"] - t["p_win_lo"], t["p_win_hi"] - t["p_win"]]) * 100
        colours = [ORANGE if s == "random" else GREEN for s in t["strategy"]]
        ax.bar(t["strategy"], 100 * t["p_win"], yerr=err, color=colours, capsize=3)
        ax.axhline(100 * t["fair_share"].iloc[0], color="black", linestyle=":", linewidth=1)
        ax.set_title(f"{int(t['players'].iloc[0])} players ({int(t['seat_games'].iloc[0]):,} seat-games each)",
                     fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("P(win the game), % (dotted: fair share)")
    fig.tight_layout()
    return fig


# ----------------------------------------------------------------------------- the report's spec
def report_spec(players: int | None = None):
    """``analyzer report rummy500`` (``report.build.GameReport``)."""
    from ..games.rummy500 import survey
    from .build import GameReport, survey_runner
    from .writer import MIN_CELL
    tables = {"take": lambda flat, by: survey.take_table(flat, by, MIN_CELL),
              "length": lambda flat, by: survey.length_table(flat),
              "branch": lambda flat, by: survey.branch_table(flat)}
    tables |= {f"tournament{tp}": (lambda flat, by, tp=tp: survey.tournament_table(flat, tp))
               for tp in survey.TOURNAMENT_PLAYERS}
    return GameReport(
        "Rummy 500: taking the pile, hand lengths, tournaments",
        "Each deal number is one self-play hand of 2, 3, 4, 5, 6 or 8 players (in turn; default "
        f"rules), every seat playing the {survey.SURVEY_STRATEGY} strategy; at a random turn the player to "
        "draw takes the stock or the pile from each usable depth, each played out to the end of the "
        f"hand on the same deal. Every {survey.GAME_EVERY}th deal number also plays a whole game to 500 "
        "(2, 4 or 8 players in turn) between greedy, holder, piler and random.",
        survey_runner(survey.run_survey), build_report, tables, "take", survey.FEATURES, ("players", "cards"))
