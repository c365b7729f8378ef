"""A report folder: tables as CSV and Parquet, PNG charts, and a README.md tying them up."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import pandas as pd

MIN_CELL = 200   # cells with fewer deals are marked "few deals" in charts and tables


@dataclass
class ReportWriter:
    out_dir: str
    sections: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def __post_init__(self):
        os.makedirs(self.out_dir, exist_ok=True)

    def heading(self, text: str, level: int = 2):
        self.sections.append(f"{'#' * level} {text}\n")

    def text(self, markdown: str):
        self.sections.append(markdown.strip() + "\n")

    def table(self, name: str, df: pd.DataFrame, caption: str, preview_cols: list[str] | None = None,
              preview_rows: int = 40):
        """Write ``name``.csv and ``name``.parquet; show a rounded preview in the README."""
        csv_path = os.path.join(self.out_dir, f"{name}.csv")
        pq_path = os.path.join(self.out_dir, f"{name}.parquet")
        df.to_csv(csv_path, index=False, float_format="%.6g")
        df.to_parquet(pq_path, index=False)
        self.files += [f"{name}.csv", f"{name}.parquet"]
        links = f"{caption} Files: [`{name}.csv`]({name}.csv), [`{name}.parquet`]({name}.parquet)."
        if preview_rows <= 0:
            self.sections.append(f"{links} ({len(df)} rows.)\n")
            return
        preview = df[preview_cols] if preview_cols else df
        shown = preview.head(preview_rows)
        more = f"\n\n({len(df) - preview_rows} more rows in the files.)" if len(df) > preview_rows else ""
        self.sections.append(f"{links}\n\n" + _markdown(shown) + more + "\n")

    def figure(self, name: str, fig, caption: str):
        path = os.path.join(self.out_dir, f"{name}.png")
        fig.savefig(path, dpi=110, bbox_inches="tight")
        import matplotlib.pyplot as plt
        plt.close(fig)
        self.files.append(f"{name}.png")
        self.sections.append(f"![{caption}]({name}.png)\n\n*{caption}*\n")

    def finish(self, title: str, preamble: str):
        with open(os.path.join(self.out_dir, "README.md"), "w", encoding="utf-8") as fh:
            fh.write(f"# {title}\n\n{preamble.strip()}\n\n")
            fh.write("\n".join(self.sections))


def _markdown(df: pd.DataFrame) -> str:
    cols = list(df.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(_fmt(v) for v in row) + " |")
    return "\n".join(lines)


def _fmt(v) -> str:
    if isinstance(v, float):
        if v != v:
            return "–"
        return f"{v:.3f}" if abs(v) < 10 else f"{v:.0f}"
    return str(v)
