"""Which code made a report: a stamp of the sources that decide its figures.

A report's numbers come from a game's rules, its players, its bidding policy, the shared
trick engine, the dealing and the tables built from the runs.  ``stamp(game)`` hashes
those source files (comments, blank lines and docstrings left out, so a reworded
docstring does not make a report stale) into one short hex string, and keeps each file's
hash so a check can say which files changed.  ``analyzer report`` and ``analyzer trust
--out`` write it beside their files (``stamp.json``; the trust file's ``.json``), and
``analyzer report --check PATH`` compares it with today's code.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tokenize

from . import registry
from .errors import InputError

ROOT = os.path.dirname(os.path.abspath(__file__))
STAMP_FILE = "stamp.json"

# What decides every game's figures, then each game's own files (folders: every .py in them).
_SHARED = ("bits.py", "cards.py", "stats.py", "sim/deal.py", "sim/rng.py", "sim/hidden.py", "sim/constrained.py",
           "sim/leads.py", "sim/question.py", "report/build.py")
_TRICKS = ("tricks",)
_GAMES = {g.name: (f"games/{g.namespace}", f"report/{g.namespace}.py") + (_TRICKS if g.tricks else ())
          for g in registry.GAMES.values()}
ALIASES = registry.ALIASES
# A game's registration of its questions for the front ends (``spec``: parameters, help,
# charts) and the command line's text of its answers: they decide no figure, so editing
# them leaves every report current.
FRONT_ENDS = {"front.py", "text.py"}
# An agreement benchmark (``analyzer trust``: extra TRUST) runs the questions and the players,
# never the report builder, so its stamp leaves out the report modules.
TRUST = "sim/trust.py"
REPORTS = "report/"


def game_name(game: str) -> str:
    g = ALIASES.get(game, game)
    if g not in _GAMES:
        raise InputError(f"no stamp for game {game!r} (one of {', '.join(_GAMES)})")
    return g


def stamped(game: str) -> bool:
    """Has ``game`` a stamp (is it one of the package's games)?"""
    return ALIASES.get(game, game) in _GAMES


def sources(game: str, extra: tuple = ()) -> list[str]:
    """The source files (relative to the package) deciding ``game``'s figures, sorted."""
    out = set()
    for part in _SHARED + _GAMES[game_name(game)] + tuple(extra):
        if TRUST in extra and part.startswith(REPORTS):
            continue
        path = os.path.join(ROOT, part)
        if os.path.isdir(path):
            for folder, _, files in os.walk(path):
                out.update(os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/")
                           for f in files if f.endswith(".py") and f not in FRONT_ENDS)
        elif os.path.exists(path):
            out.add(part)
    return sorted(out)


def code_hash(text: str) -> str:
    """The hash of a Python source without its comments, blank lines, docstrings and
    layout within a line: the tokens that make the code, one line per logical line."""
    words = []
    last = tokenize.NEWLINE
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for i, tok in enumerate(toks):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING):
            continue
        if tok.type == tokenize.STRING and last in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            nxt = next((t for t in toks[i + 1:] if t.type not in (tokenize.COMMENT, tokenize.NL)), None)
            if nxt is None or nxt.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                continue           # a docstring, or a bare string used as a comment
        words.append("\n" if tok.type == tokenize.NEWLINE else tok.string)
        last = tok.type
    return hashlib.sha256(" ".join(words).encode()).hexdigest()


def stamp(game: str, extra: tuple = ()) -> dict:
    """{"game", "stamp": 12 hex digits, "files": {path: hash}} of today's code."""
    files = {}
    for rel in sources(game, extra):
        with open(os.path.join(ROOT, rel), encoding="utf-8") as fh:
            files[rel] = code_hash(fh.read())[:16]
    whole = hashlib.sha256("".join(f"{k}:{v}\n" for k, v in files.items()).encode()).hexdigest()[:12]
    return {"game": game_name(game), "stamp": whole, "extra": list(extra), "files": files}


def write_stamp(folder: str, game: str, extra: tuple = ()) -> dict:
    s = stamp(game, extra)
    with open(os.path.join(folder, STAMP_FILE), "w", encoding="utf-8") as fh:
        json.dump(s, fh, indent=1, sort_keys=True)
        fh.write("\n")
    return s


def compare(recorded: dict) -> tuple[bool, str]:
    """(today's code is the recorded code, one line saying so or naming what changed).

    Current when every file that decides the figures today has the hash recorded for it:
    a recorded file no longer among them (a file removed, or a stamp's scope narrowed, as
    when trust files stopped covering the report builder) does not make it stale."""
    today = stamp(recorded["game"], tuple(recorded.get("extra", ())))
    if today["stamp"] == recorded.get("stamp"):
        return True, f"made by today's code (stamp {today['stamp']})"
    old = recorded.get("files", {})
    changed = sorted(k for k in today["files"] if k in old and old[k] != today["files"][k])
    added = sorted(k for k in today["files"] if k not in old)
    if not changed and not added:
        return True, f"made by today's code (its files as today's, stamp {today['stamp']})"
    gone = sorted(k for k in old if k not in today["files"])
    parts = []
    for what, names in (("changed", changed), ("new", added), ("removed", gone)):
        if names:
            shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            parts.append(f"{what}: {shown}")
    return False, (f"stale: made by other code (stamp {recorded.get('stamp')} there, {today['stamp']} today; "
                   f"{'; '.join(parts) or 'the files differ'})")


def check(path: str) -> list[tuple[str, bool, str]]:
    """[(what was checked, current, line)] for ``path``: a report folder (its stamp.json),
    a trust file (``FILE.csv``: its ``FILE.csv.json``) or a folder of trust files."""
    def recorded_of(side):
        try:
            with open(side, encoding="utf-8") as fh:
                rec = json.load(fh)
        except (OSError, ValueError) as err:
            raise InputError(f"--check: cannot read {side} ({err})") from None
        return rec if isinstance(rec, dict) else {}

    def one(label, rec):
        rec = rec.get("code", rec)          # a trust file's parameters hold the stamp under "code"
        if not rec.get("stamp") or rec.get("game") not in _GAMES:
            return label, False, "no stamp: made before reports were stamped, by code that cannot be named"
        ok, line = compare(rec)
        return label, ok, line

    if os.path.isdir(path):
        side = os.path.join(path, STAMP_FILE)
        if os.path.exists(side):
            return [one(path, recorded_of(side))]
        trust = sorted(f for f in os.listdir(path) if f.endswith(".csv.json"))
        if trust:
            return [one(os.path.join(path, f[:-5]), recorded_of(os.path.join(path, f))) for f in trust]
        if os.path.exists(os.path.join(path, "README.md")):
            return [(path, False, "no stamp: made before reports were stamped, by code that cannot be named")]
        raise InputError(f"--check: {path} holds no report (README.md, {STAMP_FILE}) nor trust files (*.csv.json)")
    side = path if path.endswith(".json") else path + ".json"
    if not os.path.exists(side):
        raise InputError(f"--check: {path} is neither a report folder nor a trust file with its .json")
    return [one(path[:-5] if path.endswith(".json") else path, recorded_of(side))]
