"""Five Hundred charts."""

from __future__ import annotations


def plot_trick_distribution(answer, path: str):
    """One panel per strain: P(contractor side takes t tricks), with P(make) per level."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    dist = answer.extra["distribution"]
    n = len(dist.index)
    cols = min(n, 4)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.6 * cols, 3.0 * rows), squeeze=False,
                             sharey=True)
    tricks = np.array(dist.columns, dtype=int)
    for ax, (name, probs) in zip(axes.flat, dist.iterrows()):
        misere = "misère" in name
        colours = ["#2a9d8f" if (t == 0 if misere else t >= 6) else "#adb5bd" for t in tricks]
        ax.bar(tricks, 100 * probs.values, color=colours)
        mean = float((tricks * probs.values).sum())
        ax.set_title(f"{name}: mean {mean:.2f} tricks" if not misere
                     else f"{name}: clean {100 * probs.values[0]:.1f}%", fontsize=10)
        ax.set_xticks(tricks)
        ax.set_xlabel("contractor side's tricks" if not misere else "contractor's tricks")
        ax.grid(axis="y", alpha=0.3)
    for ax in axes[:, 0]:
        ax.set_ylabel("% of deals")
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)
    m = answer.meta
    fig.suptitle(f"Five Hundred — {m['hand']} — trick distribution after the kitty "
                 f"({m['deals']:,} deals, {m['play']} play)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
