"""Chart helpers shared by every game's report: annotated heatmaps that mark thin cells."""

from __future__ import annotations

import numpy as np


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def integer_ticks():
    """A tick locator for axes of counts (trumps, cards): whole numbers only."""
    from matplotlib.ticker import MaxNLocator
    return MaxNLocator(integer=True)


def pivot(df, rows: str, cols: str, value: str, row_order=None, col_order=None):
    """(row labels, col labels, values, deals) grids from a tidy table; labels sorted, or
    in ``row_order`` / ``col_order`` when given (then every label of that order is shown)."""
    r_labels = list(dict.fromkeys(df[rows]))
    c_labels = list(dict.fromkeys(df[cols]))
    try:
        r_labels, c_labels = sorted(r_labels), sorted(c_labels)
    except TypeError:
        pass
    r_labels = list(row_order) if row_order is not None else r_labels
    c_labels = list(col_order) if col_order is not None else c_labels
    vals = np.full((len(r_labels), len(c_labels)), np.nan)
    deals = np.zeros_like(vals)
    for _, rec in df.iterrows():
        i, j = r_labels.index(rec[rows]), c_labels.index(rec[cols])
        vals[i, j] = rec[value]
        deals[i, j] = rec["deals"]
    return r_labels, c_labels, vals, deals


def heatmap(ax, r_labels, c_labels, vals, deals, *, min_deals: int, fmt="{:.0%}", cmap="RdYlGn",
            vmin=0.0, vmax=1.0, texts=None):
    """Draw one annotated heatmap; cells with fewer than ``min_deals`` deals are hatched
    and annotated with their count instead of hidden."""
    shown = np.ma.masked_invalid(vals)
    im = ax.imshow(shown, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto", origin="lower")
    for i in range(len(r_labels)):
        for j in range(len(c_labels)):
            if np.isnan(vals[i, j]):
                continue
            thin = deals[i, j] < min_deals
            label = texts[i][j] if texts is not None else fmt.format(vals[i, j])
            if thin:
                label += f"\nn={int(deals[i, j])}"
                ax.add_patch(_hatch(j, i))
            ax.text(j, i, label, ha="center", va="center", fontsize=7,
                    color=_text_colour(im, vals[i, j], thin))
    ax.set_xticks(range(len(c_labels)))
    ax.set_xticklabels([str(c) for c in c_labels], fontsize=8)
    ax.set_yticks(range(len(r_labels)))
    ax.set_yticklabels([str(r) for r in r_labels], fontsize=8)
    return im


def _text_colour(im, value, thin):
    """White on dark cells, black on light ones (thin cells a little greyer)."""
    r, g, b, _ = im.cmap(im.norm(value))
    dark = 0.299 * r + 0.587 * g + 0.114 * b < 0.5
    if dark:
        return "#dddddd" if thin else "white"
    return "#444444" if thin else "black"


def _hatch(x, y):
    from matplotlib.patches import Rectangle
    return Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, hatch="///", edgecolor="#777777", lw=0)


def level_panels(df, rows: str, cols: str, levels, title: str, row_label: str, col_label: str,
                 min_deals: int, value_fmt="p{level}"):
    """One heatmap of P(make) per bid level, side by side, with a shared colour bar."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(levels), figsize=(3.3 * len(levels) + 1, 3.6), squeeze=False)
    im = None
    for ax, level in zip(axes[0], levels):
        r, c, v, d = pivot(df, rows, cols, value_fmt.format(level=level))
        im = heatmap(ax, r, c, v, d, min_deals=min_deals)
        ax.set_title(f"make {level}", fontsize=10)
        ax.set_xlabel(col_label, fontsize=9)
        if ax is not axes[0][0]:
            ax.set_yticklabels([])
    axes[0][0].set_ylabel(row_label, fontsize=9)
    fig.colorbar(im, ax=axes[0].tolist(), label="P(make)", fraction=0.025, pad=0.02)
    fig.suptitle(title, fontsize=11)
    return fig


def cell_texts(df, r_labels, c_labels, rows: str, cols: str, value: str, prob: bool, z: float = 1.96):
    """Per-cell annotations: a probability with its 95% range (``value_lo``/``_hi``
    columns), or a mean with ± its 95% half-width (``value_se``)."""
    texts = [[""] * len(c_labels) for _ in r_labels]
    for _, rec in df.iterrows():
        if rec[rows] not in r_labels or rec[cols] not in c_labels:
            continue
        i, j = r_labels.index(rec[rows]), c_labels.index(rec[cols])
        if prob:
            lo, hi = 100 * rec[value + "_lo"], 100 * rec[value + "_hi"]
            k = 1 if hi - lo < 2 else 0     # a decimal where the interval is narrow
            texts[i][j] = f"{100 * rec[value]:.{k}f}%\n{lo:.{k}f}–{hi:.{k}f}"
        else:
            half = z * rec[value + "_se"]
            texts[i][j] = f"{rec[value]:+.2f}" + (f"\n±{half:.2f}" if half == half else "")
    return texts


def heat_panels(df, panel: str, panels, rows: str, cols: str, value: str, *, title: str,
                panel_title, row_label: str, col_label: str, bar_label: str, min_deals: int,
                prob: bool = False, row_order=None, col_order=None, panel_width: float = 2.9):
    """One annotated heatmap per value of ``panel`` (``panels``), ``rows`` × ``cols``, with
    a shared colour bar: probabilities on 0..1, means on a scale centred on 0 (its range
    from the cells with ``min_deals`` or more).  ``panel_title(p, sub)`` titles a panel."""
    plt = pyplot()
    if prob:
        vmin, vmax = 0.0, 1.0
    else:
        solid = df.loc[df["deals"] >= min_deals, value].abs()
        top = float(solid.max()) if len(solid) and np.isfinite(solid.max()) else 1.0
        vmax = max(0.5, np.ceil(top * 2) / 2)
        vmin = -vmax
    fig, axes = plt.subplots(1, len(panels), figsize=(panel_width * len(panels) + 1.6, 4.6),
                             squeeze=False, layout="constrained")
    im = None
    for k, (ax, p) in enumerate(zip(axes[0], panels)):
        sub = df[df[panel] == p]
        r, c, v, d = pivot(sub, rows, cols, value, row_order=row_order, col_order=col_order)
        texts = cell_texts(sub, r, c, rows, cols, value, prob)
        im = heatmap(ax, r, c, v, d, min_deals=min_deals, cmap="RdYlGn", vmin=vmin, vmax=vmax,
                     texts=texts)
        ax.set_title(panel_title(p, sub), fontsize=9)
        ax.set_xlabel(col_label, fontsize=9)
        if k == 0:
            ax.set_ylabel(row_label, fontsize=9)
    fig.colorbar(im, ax=axes[0].tolist(), label=bar_label, fraction=0.03, pad=0.01)
    fig.suptitle(title + f" (hatched: fewer than {min_deals} deals)", fontsize=11)
    return fig


def lead_bars(t, path: str, title: str):
    """The ``lead`` questions' chart: each lead's P(make) (``t``'s p_make, p_make_lo,
    p_make_hi by ``lead``) with its 95% interval, the best first and marked."""
    plt = pyplot()
    y = np.arange(len(t))[::-1]
    fig, ax = plt.subplots(figsize=(6.4, 0.45 * len(t) + 1.4))
    p = 100 * t["p_make"].to_numpy()
    err = np.vstack([p - 100 * t["p_make_lo"].to_numpy(), 100 * t["p_make_hi"].to_numpy() - p])
    ax.barh(y, p, color=["#2a9d8f"] + ["#adb5bd"] * (len(t) - 1), xerr=err, capsize=3)
    ax.set_yticks(y, t["lead"])
    ax.set_xlabel("P(make) %, 95% interval")
    ax.set_title(title, fontsize=10)
    ax.set_xlim(0, 100)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
