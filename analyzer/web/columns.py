"""Readable headers for the page's answer tables.

An answer's rows carry the names the JSON and CSV output use (``p_make``, ``p_make_lo``,
``ev_se``); the page shows them as a player reads them: "P(make)", one "P(make) 95%"
column for the two ends of an interval, "± se" for a standard error beside its value.
The page asks for nothing else: the layout travels with the job's result
(``layout``), and the facts beside the table are chosen and written here (``facts``), by
the one formatter every front end uses (``analyzer.fmt``).
"""

from __future__ import annotations

from ..fmt import PLUS_MINUS, percent

# Facts the page does not list beside the table: the table itself, the sentence and notes
# shown on their own, and the best option's lead over the next (the sentence says it).
_NOT_FACTS = {"options", "recommendation", "best", "notes", "game", "question", "examples",
              "a", "b", "a_minus_b", "se", "lo", "hi", "tie"}

_WORDS = {"ev": "EV", "pimc": "single-dummy", "minus": "−", "pct": "%", "nt": "NT", "lo": "low", "hi": "high"}
_MODELS = ("dd", "pimc", "heuristic", "minus", "vs")


def _words(tokens: list[str]) -> str:
    return " ".join(_WORDS.get(t, t) for t in tokens)


def label(name: str) -> str:
    """``p_make`` -> "P(make)", ``p_make_pimc_minus_heuristic`` -> "P(make) single-dummy −
    heuristic", ``ev`` -> "EV", ``gain_vs_policy`` -> "gain vs policy"."""
    tokens = [t for t in name.split("_") if t]
    if not tokens:
        return name
    if tokens[0] == "p" and len(tokens) > 1:
        cut = next((i for i, t in enumerate(tokens[1:], 1) if t in _MODELS), len(tokens))
        head = f"P({' '.join(tokens[1:cut])})"
        return head if cut == len(tokens) else f"{head} {_words(tokens[cut:])}"
    if tokens == ["p"]:
        return "P"
    return _words(tokens)


def _is_probability(base: str) -> bool:
    return base == "p" or base.startswith("p_")


def _kind(base: str, interval: bool, probability_diffs: bool) -> str:
    if probability_diffs and base == "vs_best":
        return "interval-points" if interval else "points"
    if _is_probability(base):
        return "interval-percent" if interval else "percent"
    return "interval" if interval else "value"


def layout(rows: list[dict], probability_diffs: bool = False) -> list[dict]:
    """The columns of ``rows`` in their order: ``{"label", "keys", "kind"}``, where an
    ``X_lo``/``X_hi`` pair is one column (kind "interval", keys [lo, hi]), ``X_se`` is
    "± se" when it follows ``X`` (else "X ± se"), and kind "percent" marks probabilities
    (names ``p`` and ``p_...``: shown as percentages, their intervals too).  With
    ``probability_diffs`` the ``vs_best`` columns are differences of probabilities: kind
    "points" (percentage points, signed)."""
    keys: list[str] = []
    for r in rows:
        for k in r:
            if k not in keys:
                keys.append(k)
    out: list[dict] = []
    used = set()
    for i, k in enumerate(keys):
        if k in used:
            continue
        base, _, end = k.rpartition("_")
        if end == "lo" and base and f"{base}_hi" in keys:
            used.add(f"{base}_hi")
            out.append({"label": f"{label(base)} 95%", "keys": [k, f"{base}_hi"],
                        "kind": _kind(base, True, probability_diffs)})
        elif end == "se" and base:
            beside = i > 0 and keys[i - 1] == base
            out.append({"label": "± se" if beside else f"{label(base)} ± se", "keys": [k],
                        "kind": _kind(base, False, probability_diffs)})
        else:
            out.append({"label": label(k), "keys": [k], "kind": _kind(k, False, probability_diffs)})
    return out


def _value_text(key: str, v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        if _is_probability(key):
            return percent(v)
        return f"{v:,.1f}" if abs(v) >= 100 else f"{v:.4g}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def facts(result: dict) -> list[dict]:
    """The facts the page lists beside an answer's table, in the answer's order:
    ``{"label", "text"}``, probabilities as percentages (``fmt.percent``), lists of plain
    values joined; the table, the sentence, the notes, the lead over the next best (which
    the sentence states) and nested records (the page shows the JSON for those) left out.
    A fact that is a sentence (``ev_meaning``) keeps its words."""
    out = []
    for k, v in result.items():
        if k in _NOT_FACTS or v is None or isinstance(v, dict):
            continue
        if isinstance(v, (list, tuple)):
            if not v or any(isinstance(x, (dict, list, tuple)) for x in v):
                continue
            text = ", ".join(_value_text(k, x) for x in v)
        else:
            text = _value_text(k, v)
        out.append({"label": label(k), "text": text})
    return out


def _all_keys(obj, into: set) -> set:
    if isinstance(obj, dict):
        for k, v in obj.items():
            into.add(k)
            _all_keys(v, into)
    elif isinstance(obj, list):
        for x in obj:
            _all_keys(x, into)
    return into


def _probability_diffs(game, question) -> bool:
    """Are the question's ``vs_best`` columns differences of probabilities (shown in
    percentage points), as its registration says, or of EV (Pinochle's bid)?"""
    from .. import spec
    from ..errors import InputError
    try:
        return spec.find(str(game), str(question)).vs_best == "probability"
    except InputError:
        return False


def display(result) -> dict:
    """How the page shows a job's result: its table's columns (``layout``), the facts
    beside it (``facts``), what "±" means under it, and a label for every key at any depth
    (for the records without a table: meld, odds, score); empty for a result that is not a
    record."""
    if not isinstance(result, dict):
        return {}
    out: dict = {"labels": {k: label(k) for k in sorted(_all_keys(result, set()))}}
    if isinstance(result.get("options"), list) and all(isinstance(r, dict) for r in result["options"]):
        diffs = _probability_diffs(result.get("game"), result.get("question"))
        out["columns"] = layout(result["options"], diffs)
        out["facts"] = facts(result)
        out["legend"] = PLUS_MINUS
    return out
