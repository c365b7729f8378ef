"""Example deals behind an answer (``--examples N``): which deals to show, and how.

A question's answer is an average over many deals; the deals where the recommended
option and the next best part ways show *why*.  A game's ``examples`` module replays the
question's first ``scan`` deals one by one (the same deals, by their index, as the run:
every deal is reproducible from the seed and its index) and gives, per deal, the value
of the recommended option and of the next best; ``pick`` chooses the deals to show,
``diagram`` and ``play_lines`` write them for people.  Each example is a JSON-ready dict:
``deal`` (its index), ``why`` (one line), ``hands`` (seat: cards), and per option what
happened (the game's own fields, with ``play``: the tricks as lists of [seat, card] and
their winner).
"""

from __future__ import annotations

import numpy as np

WORSE = "worse"      # the recommended option did worse on the deal than the next best
BETTER = "better"    # and the reverse


def pick(best: np.ndarray, nxt: np.ndarray, valid: np.ndarray, n: int) -> list[tuple[int, str]]:
    """(deal position, WORSE or BETTER) of up to ``n`` deals among those ``valid``,
    alternating (worse first): the deals where the recommended option's value ``best``
    fell below the next best's ``nxt``, and those where it rose above.  First the deals
    where one option fails (a value below 0) and the other succeeds (above 0), then the
    largest differences; ties go to the lower position.  Deals where the two agree are
    not shown."""
    b = np.asarray(best, float)
    x = np.asarray(nxt, float)
    diff = b - x
    ok = np.asarray(valid, bool)
    flips = ((b < 0) & (x > 0)) | ((b > 0) & (x < 0))
    positions = [i for i in range(len(diff)) if ok[i] and diff[i] != 0]
    ranked = sorted(positions, key=lambda i: (not flips[i], -abs(diff[i]), i))
    worse = [i for i in ranked if diff[i] < 0]
    better = [i for i in ranked if diff[i] > 0]
    out = []
    while len(out) < n and (worse or better):
        if worse:
            out.append((worse.pop(0), WORSE))
        if better and len(out) < n:
            out.append((better.pop(0), BETTER))
    return out


def fewer(shown: int, asked: int, scan: int) -> str | None:
    """The note of an answer with fewer examples than asked for, else None."""
    if shown >= asked:
        return None
    return (f"examples: only {shown} of the first {scan:,} deals part the two options (asked for {asked}); "
            "more deals (--deals) give more to choose from")


def diagram(hands: dict[str, str], layout: tuple[str, ...] | None = None, extra: dict[str, str] | None = None) -> str:
    """A hand diagram as text: with ``layout`` ("N", "W", "E", "S": the compass of a
    four-handed table) North on top, West and East beside, South below; else one seat a
    line.  ``extra`` (e.g. the kitty) follows, a line each."""
    lines = []
    if layout is not None and set(layout) <= set(hands) and len(layout) == 4:
        n, w, e, s = layout
        width = max(len(f"{w}: {hands[w]}"), 24)
        pad = " " * (width // 2)
        lines.append(f"{pad}{n}: {hands[n]}")
        lines.append(f"{w}: {hands[w]}".ljust(width + 4) + f"{e}: {hands[e]}")
        lines.append(f"{pad}{s}: {hands[s]}")
    else:
        lines += [f"{seat}: {cards}" for seat, cards in hands.items()]
    for k, v in (extra or {}).items():
        lines.append(f"{k}: {v}")
    return "\n".join(lines)


def play_lines(tricks: list[dict]) -> list[str]:
    """The play trick by trick: ``1. S A♥  W 4♥  N 9♥  E 5♥  → S``."""
    out = []
    for t in tricks:
        cards = "  ".join(f"{seat} {card}" for seat, card in t["cards"])
        won = f"  → {t['winner']}" if t.get("winner") is not None else ""
        out.append(f"{t['trick']:>2}. {cards}{won}")
    return out


def render(examples: list[dict]) -> str:
    """The examples of an answer as text (the command line prints this after the table)."""
    out = []
    for k, ex in enumerate(examples, 1):
        out.append("")
        out.append(f"Example {k}: deal {ex['deal']:,} (seed {ex['seed']}) — {ex['why']}")
        out.append(ex["diagram"])
        for line in ex.get("before", []):
            out.append(line)
        for opt in ex["options"]:
            out.append(f"  {opt['summary']}")
            for line in play_lines(opt.get("play", [])):
                out.append(f"    {line}")
            if opt.get("solve"):
                out.append(f"    double-dummy: {opt['solve']}")
    return "\n".join(out)


def lead_examples(n: int, *, chunk, order, labels: list[str], scan: int, seed: int, hands_of, you: str,
                  compass=None, play: str = "dd", fewer_better: bool = False,
                  success: str = "made", unit: str = "trick") -> tuple[list[dict], str | None]:
    """Example deals for a ``lead`` question (Five Hundred, Euchre): deal i of the run
    replayed alone by the run's own chunk (``chunk(i, 1)[0]``: each lead's (success,
    tricks) on that deal) for the best lead ``order[0]`` and the next ``order[1]``; a
    failure against a success first, then the trick difference (fewer the better with
    ``fewer_better``, a misère contractor's own).  ``hands_of(i)``: (seats {name: cards},
    extra lines {label: text}) of deal i as dealt.  The play is solved or sampled, not
    recorded: the tricks (or what ``unit`` names: Pinochle's trick points) are shown."""
    if len(order) < 2:
        return [], "examples: only one distinct lead, nothing to compare"
    a, b = int(order[0]), int(order[1])
    ok = np.zeros((scan, 2), bool)
    tricks = np.zeros((scan, 2), np.int64)
    for i in range(scan):
        sums = chunk(i, 1)[0]
        ok[i] = sums[a, 0], sums[b, 0]
        tricks[i] = sums[a, 1], sums[b, 1]
    value = np.where(ok, 100, -100) + (-1 if fewer_better else 1) * tricks
    chosen = pick(value[:, 0], value[:, 1], np.ones(scan, bool), n)
    if not chosen:
        return [], f"examples: the two leads come to the same on the first {scan:,} deals; nothing to show"
    out = []
    for i, which in chosen:
        seats, extra = hands_of(i)
        drawn = dict(seats, **{you: seats[you] + " (you, on lead)"})
        opts = []
        for r, lead in enumerate((a, b)):
            t = int(tricks[i, r])
            opts.append({"lead": labels[lead], "tricks": t, success: bool(ok[i, r]),
                         "summary": f"lead {labels[lead]}: your side takes {t} {unit}{'s' if t != 1 else ''} "
                                    f"({success if ok[i, r] else 'not ' + success}; {play} play, not recorded)"})
        why = (f"lead {labels[a]} (recommended) {'does worse' if which == WORSE else 'does better'} here than "
               f"{labels[b]}: {tricks[i, 0]} {unit}s against {tricks[i, 1]}")
        out.append({"deal": int(i), "seed": seed, "why": why, "kind": which, "you": you, "hands": seats,
                    "diagram": diagram(drawn, compass, extra), "before": [], "options": opts})
    return out, fewer(len(out), n, scan)
