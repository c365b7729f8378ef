"""The games, registered once: what every front end (the command line's lists, the Python
API's namespaces, the web page's titles, ``warm``, ``match``, ``trust``) reads instead of
a list of its own.

A game's entry names it (``name``, the command; ``title``; ``namespace``, its Python API
module ``analyzer.<namespace>``; ``aliases``), says what it offers (``plays``: the play
models of its questions; ``match``: a duplicate match of models; ``trust``: an agreement
benchmark, against ``trust_models``, its fast side a simulation when ``trust_simulates``
(else the players' own rule)); ``tricks``: played on the shared trick engine
(``analyzer/tricks``, part of its reports' stamp) and gives its first question (``first``: the README's, as command-line
arguments; ``warm`` builds a game's kernels by asking it).  Importing this module imports
nothing else of the package.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    namespace: str
    aliases: tuple[str, ...] = ()
    plays: tuple[str, ...] = ("heuristic", "dd", "pimc")
    match: bool = True
    trust: bool = True
    trust_models: tuple[str, ...] = ("pimc",)
    trust_simulates: bool = True
    tricks: bool = True
    first: tuple[str, ...] = ()
    report_players: tuple[int, ...] = ()
    report_players_note: str = ""
    trust_players: tuple[int, ...] = (4,)


GAMES: dict[str, Game] = {g.name: g for g in (
    Game("five-hundred", "Five Hundred", "five_hundred", aliases=("500", "five_hundred", "fivehundred"),
         trust_models=("pimc", "dd"), first=("five-hundred", "bid", "JK JH JD AH KH TH AS KS 7C 5D"),
         report_players=(4, 2, 3, 5, 6)),
    Game("euchre", "Euchre", "euchre", first=("euchre", "order", "JH JD AH 9S KC", "--upcard", "9H"),
         trust_players=(4, 2)),
    Game("sheepshead", "Sheepshead", "sheepshead", first=("sheepshead", "pick", "QC QS JD AD TD 9D", "--seat", "2"),
         trust_players=(5,)),
    Game("pinochle", "Pinochle", "pinochle", trust_simulates=False,
         first=("pinochle", "bid", "AS TS KS QS JS QS JD KD QD 9H AC AC"), report_players=(4, 3, 2),
         report_players_note="4 the partnership game, 3 the three-handed auction game, 2 the two-handed game "
                             "with a stock", trust_players=(4, 3)),
    Game("rummy500", "Rummy 500", "rummy500", aliases=("rummy-500", "rummy"), plays=("heuristic",), match=False,
         trust_simulates=False, tricks=False, trust_players=(4, 2),
         first=("rummy500", "take", "--hand", "7H 8H 4S 4D KC QD 2C", "--pile", "3S 5C 9H", "--players", "4")),
)}

ALIASES: dict[str, str] = {a: g.name for g in GAMES.values() for a in g.aliases}


def canonical(name) -> str | None:
    """The name of the game called ``name`` (its name or an alias, any case), or None."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    return key if key in GAMES else None


def game(name: str) -> Game:
    """The game called ``name`` (its name or an alias, any case); InputError otherwise."""
    key = canonical(name)
    if key is None:
        raise InputError(f"no game {name!r}: one of {', '.join(GAMES)}")
    return GAMES[key]


def front(name: str):
    """The module of the game's registration of its questions and hooks
    (``analyzer.games.<namespace>.front``), imported on first use."""
    import importlib
    return importlib.import_module(f"analyzer.games.{game(name).namespace}.front")


def names(offering: str | None = None, aliases: bool = False) -> list[str]:
    """The games' names (those with ``offering`` true: "match", "trust"), each followed by
    its command alias (the first of ``aliases``: ``500``) when ``aliases``: the choices a
    command lists."""
    out = []
    for g in GAMES.values():
        if offering is None or getattr(g, offering):
            out.append(g.name)
            if aliases and g.aliases:
                out.append(g.aliases[0])
    return out


def sizes_text(sizes) -> str:
    """Table sizes as a user reads them: "2 to 6", "2, 3 or 4", "4"."""
    ordered = sorted(sizes)
    if len(ordered) > 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + (" or " if len(ordered) > 1 else "") + str(ordered[-1])


def report_players_text(notes: bool = False) -> str:
    """Which games' reports take ``--players``, and which sizes: "five-hundred 2 to 6
    [default 4]; ..." (``notes``: with what each size is)."""
    return "; ".join(f"{g.name} {sizes_text(g.report_players)} [default {g.report_players[0]}]"
                     + (f" ({g.report_players_note})" if notes and g.report_players_note else "")
                     for g in GAMES.values() if g.report_players)


def trust_players_text() -> str:
    """The agreement benchmarks' table sizes: "five-hundred 4; euchre 2 or 4 [default 4]; ..."."""
    return "; ".join(f"{g.name} {sizes_text(g.trust_players)}"
                     + (f" [default {g.trust_players[0]}]" if len(g.trust_players) > 1 else "")
                     for g in GAMES.values() if g.trust)


def titles() -> dict[str, str]:
    """Every name and alias -> the game's title."""
    return {**{g.name: g.title for g in GAMES.values()}, **{a: GAMES[n].title for a, n in ALIASES.items()}}
