"""Named rule options (``--rule NAME=VALUE``) shared by every game's ``Options``."""

from __future__ import annotations

import numpy as np

from .errors import InputError


def parse_rule_items(items, choices: dict[str, tuple[str, ...]], game: str) -> dict[str, str]:
    """Turn ``["name=value", ...]`` into a dict, checking names and values against ``choices``.

    Names are case-insensitive and may use ``-`` for ``_``; an unknown name or value raises
    an InputError naming the game's options.
    """
    values = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name, value = name.strip().lower().replace("-", "_"), value.strip().lower()
        if not sep or name not in choices:
            known = ", ".join(f"{k}={_describe(v, '|')}" for k, v in choices.items())
            raise InputError(f"unknown rule {item!r} ({game} rules: {known})")
        if value not in choices[name]:
            raise InputError(f"rule {name} takes {_describe(choices[name], ' | ')}, not {value!r}")
        values[name] = value
    return values


def _describe(values: tuple[str, ...], sep: str) -> str:
    """The allowed values, a long run of evenly spaced numbers as ``A..B (step S)``."""
    if len(values) > 5 and all(v.isdigit() for v in values):
        nums = [int(v) for v in values]
        steps = {b - a for a, b in zip(nums, nums[1:])}
        if len(steps) == 1:
            return f"{nums[0]}..{nums[-1]} (step {steps.pop()})"
    return sep.join(values)


# ----------------------------------------------------------------------------- --condition
# How a question that has heard an auction (or passes) deals the hands it cannot see:
# "policy" (the default) deals each seat that has spoken a hand with which the bidding
# policy makes the calls it made; "none" deals every unseen card uniformly (the auction
# still sets the state of the bidding: what may be bid, who has passed).
CONDITIONS = ("policy", "none")
CONDITION_HELP = ("How the hands you cannot see are dealt: policy (default) = each seat that has spoken holds a "
                  "hand with which the bidding policy makes its calls; none = uniformly, the calls heard condition "
                  "nothing (they still set the state of the bidding), e.g. to compare with published figures "
                  "from unconditioned deals.")


def check_condition(condition: str) -> str:
    """``condition`` if it is one of CONDITIONS, else an InputError."""
    if condition not in CONDITIONS:
        raise InputError(f"--condition must be none or policy, got {condition!r}")
    return condition


MAX_EXAMPLES = 20
EXAMPLES_HELP = ("Also show N deals behind the answer: where the recommended option does worse than the next best, "
                 "and where it does better, each with the hands and the play (reproducible from the seed and "
                 "the deal's number).")


def check_examples(n) -> int:
    """The number of example deals asked for (``--examples``), 0 to MAX_EXAMPLES."""
    if n is None:
        return 0
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= MAX_EXAMPLES:
        raise InputError(f"--examples must be a whole number from 0 to {MAX_EXAMPLES}, got {n!r}")
    return int(n)


def unconditioned_note(heard: str = "the calls heard") -> str:
    """The note of an answer asked with ``--condition none`` (``heard``: what was heard)."""
    return f"the other hands are dealt uniformly (--condition none): {heard} do not condition them"
