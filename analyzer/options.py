"""Named rule options (``--rule NAME=VALUE``) shared by every game's ``Options``."""

from __future__ import annotations

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
