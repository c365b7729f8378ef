"""Readable headers for the page's answer tables.

An answer's rows carry the names the JSON and CSV output use (``p_make``, ``p_make_lo``,
``ev_se``); the page shows them as a player reads them: "P(make)", one "P(make) 95%"
column for the two ends of an interval, "± se" for a standard error beside its value.
The page asks for nothing else: the layout travels with the job's result
(``layout``), and the facts beside the table get their labels the same way (``label``).
"""

from __future__ import annotations

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


def layout(rows: list[dict]) -> list[dict]:
    """The columns of ``rows`` in their order: ``{"label", "keys", "kind"}``, where an
    ``X_lo``/``X_hi`` pair is one column (kind "interval", keys [lo, hi]), ``X_se`` is
    "± se" when it follows ``X`` (else "X ± se"), and kind "percent" marks probabilities
    (names ``p`` and ``p_...``: shown as percentages, their intervals too)."""
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
                        "kind": "interval-percent" if _is_probability(base) else "interval"})
        elif end == "se" and base:
            beside = i > 0 and keys[i - 1] == base
            out.append({"label": "± se" if beside else f"{label(base)} ± se", "keys": [k],
                        "kind": "percent" if _is_probability(base) else "value"})
        else:
            out.append({"label": label(k), "keys": [k], "kind": "percent" if _is_probability(k) else "value"})
    return out


def display(result) -> dict:
    """How the page shows a job's result: its table's columns (``layout``) and a label for
    each fact beside the table (``label``); empty for a result that is not a record."""
    if not isinstance(result, dict):
        return {}
    out: dict = {"labels": {k: label(k) for k in result}}
    if isinstance(result.get("options"), list) and all(isinstance(r, dict) for r in result["options"]):
        out["columns"] = layout(result["options"])
    return out
