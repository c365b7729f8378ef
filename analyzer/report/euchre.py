"""Euchre charts."""

from __future__ import annotations

from ..games.euchre.scoring import OUTCOMES


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


__all__ = ["plot_outcomes", "OUTCOMES"]
