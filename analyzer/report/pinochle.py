"""Pinochle charts: the bid question's P(make) and EV by bid, the pass question's options."""

from __future__ import annotations

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
