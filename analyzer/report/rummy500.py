"""Rummy 500 charts (questions) and the report's tables and charts."""

from __future__ import annotations

import numpy as np

from .charts import pyplot

GREEN, GREY, ORANGE = "#2a9d8f", "#adb5bd", "#e76f51"


def plot_position(answer, path: str):
    """take / discard: each option's mean hand score with its 95% interval (and P(win the
    game) with --scores)."""
    plt = pyplot()
    t = answer.table.iloc[::-1]
    game = answer.meta["scores"] is not None
    fig, axes = plt.subplots(1, 2 if game else 1, figsize=(11 if game else 7.5, 0.45 * len(t) + 1.8), squeeze=False)
    colours = [GREEN if a == answer.best else GREY for a in t["action"]]
    ax = axes[0, 0]
    ax.barh(t["action"], t["mean_score"], xerr=1.96 * t["score_se"], color=colours, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("your mean hand score from now (95% interval)")
    ax.grid(axis="x", alpha=0.3)
    if game:
        ax = axes[0, 1]
        err = np.vstack([t["p_win"] - t["p_win_lo"], t["p_win_hi"] - t["p_win"]]) * 100
        ax.barh(t["action"], 100 * t["p_win"], xerr=err, color=colours, capsize=3)
        ax.set_xlabel("P(win the game), % (95% interval)")
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
