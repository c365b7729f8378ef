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
            known = ", ".join(f"{k}={'|'.join(v)}" for k, v in choices.items())
            raise InputError(f"unknown rule {item!r} ({game} rules: {known})")
        if value not in choices[name]:
            raise InputError(f"rule {name} takes {' | '.join(choices[name])}, not {value!r}")
        values[name] = value
    return values
