"""What a question function returns: a tidy table plus the facts needed to report it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd


@dataclass
class Answer:
    game: str
    question: str
    table: pd.DataFrame            # one row per option
    best: str                      # the recommended action
    recommendation: str            # one sentence for people
    meta: dict = field(default_factory=dict)      # hand, deals, seed, play, options...
    extra: dict = field(default_factory=dict)     # e.g. distributions for plots
    notes: list[str] = field(default_factory=list)

    def to_json_dict(self) -> dict:
        rows = []
        for rec in self.table.to_dict(orient="records"):
            rows.append({k: _plain(v) for k, v in rec.items()})
        out = {"game": self.game, "question": self.question}
        out.update({k: _plain(v) for k, v in self.meta.items()})
        out["options"] = rows
        out["best"] = self.best
        out["recommendation"] = self.recommendation
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def _plain(v):
    """JSON-friendly scalars (numpy types to Python, NaN to None)."""
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and v != v:
        return None
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
