"""What a question function returns: a tidy table plus the facts needed to report it."""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, field

import pandas as pd


@dataclass
class Answer:
    """A question's answer: ``table`` (a pandas DataFrame, one row per option),
    ``best`` (the recommended option's action), ``recommendation`` (one sentence),
    ``meta`` (what was asked and how: hand, deals, seed, play model, rules...),
    ``notes`` (what a reader should know).  ``to_json()`` gives the command line's
    ``--json`` text; in a notebook it displays as HTML."""
    game: str
    question: str
    table: pd.DataFrame            # one row per option
    best: str                      # the recommended action
    recommendation: str            # one sentence for people
    meta: dict = field(default_factory=dict)      # hand, deals, seed, play, options...
    extra: dict = field(default_factory=dict)     # e.g. distributions for plots
    notes: list[str] = field(default_factory=list)
    examples: list[dict] = field(default_factory=list)   # deals behind the answer (--examples)

    def to_json_dict(self) -> dict:
        rows = []
        for rec in self.table.to_dict(orient="records"):
            rows.append({k: plain(v) for k, v in rec.items()})
        out = {"game": self.game, "question": self.question}
        out.update({k: plain(v) for k, v in self.meta.items()})
        out["options"] = rows
        out["best"] = self.best
        out["recommendation"] = self.recommendation
        if self.notes:
            out["notes"] = list(self.notes)
        if self.examples:
            out["examples"] = [{k: plain(v) for k, v in ex.items() if k != "before"} for ex in self.examples]
        return out

    def to_json(self, **kwargs) -> str:
        """The answer as the command line's ``--json`` prints it (``json.dumps`` keywords
        pass through, e.g. ``indent=2``)."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_json_dict(), **kwargs)

    def __str__(self) -> str:
        return f"{self.game} {self.question}: {self.recommendation}"

    def _repr_html_(self) -> str:
        esc = html.escape
        asked = ", ".join(f"{k} {v}" for k, v in self.meta.items()
                          if isinstance(v, (str, int, float)) and k in _SHOWN)
        parts = [f"<div class='analyzer-answer'><p><b>{esc(self.game)} {esc(self.question)}</b>"
                 + (f" — {esc(asked)}" if asked else "") + "</p>",
                 f"<p>{esc(self.recommendation)}</p>",
                 self.table.to_html(index=False, float_format=lambda x: f"{x:.4g}", na_rep="")]
        parts += [f"<p><i>note: {esc(n)}</i></p>" for n in self.notes]
        return "\n".join(parts) + "</div>"


# meta entries worth a notebook's one-line caption
_SHOWN = ("hand", "seat", "auction", "deals", "seed", "play", "players", "trump", "upcard")


def plain(value):
    """JSON-ready: numpy scalars and arrays to Python, NaN and infinities to None, tuples
    and sets to lists, dict keys to text, anything else unknown to its text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [plain(v) for v in value]
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        return plain(value.tolist())
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)
