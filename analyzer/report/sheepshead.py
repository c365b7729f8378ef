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
