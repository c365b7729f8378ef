"""Ask any registered question, from Python, by name and values.

The web page (``analyzer serve``) and batch runs (``analyzer batch``) put their
questions through here: ``ask("five-hundred", "bid", {"hand": ..., "auction": "7S pass
pass"})`` checks the values as the command line does (``analyzer.spec``: the same
registration the command and the Python function are made from) and returns the
question's ``Answer`` (or, for the questions answered by a plain record, such as
``pinochle meld``, that record as a dict).

``questions()`` lists them and ``describe(game, question)`` says what each option takes
(its name, kind, choices, default and help), which is what the web page builds its
forms from.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import registry, spec
from .errors import InputError

GAMES = tuple(registry.GAMES)


@dataclass(frozen=True)
class Option:
    """One thing a question takes: ``name`` (the Python name and the batch column),
    ``flag`` (the command-line spelling, None for an argument), ``kind`` (argument,
    option, flag or multiple), ``type`` (text, int, float or choice), ``choices``,
    ``default``, ``required``, ``help``, ``metavar`` and ``holds`` (cards, card or melds:
    a text of cards)."""
    name: str
    flag: str | None
    kind: str
    type: str
    choices: tuple | None
    default: object
    required: bool
    help: str
    metavar: str | None
    holds: str | None = None

    def as_dict(self) -> dict:
        d = dict(self.__dict__)
        d["choices"] = list(self.choices) if self.choices is not None else None
        return d


def questions() -> list[tuple[str, str]]:
    """(game, question) of every question ``ask`` answers, in the registry's order;
    ``match`` is listed as ("match", "match")."""
    return [(q.game, q.name) for q in spec.questions() if q.page]


def question(game: str, name: str) -> spec.Question:
    """The registered question (``InputError`` naming what exists if unknown)."""
    return spec.find(game, name, page_only=True)


def _option(p: spec.Param) -> Option:
    if p.argument:
        kind = "argument"
    elif p.type == "bool":
        kind = "flag"
    elif p.type == "rules":
        kind = "multiple"
    else:
        kind = "option"
    typ = {"rules": "text", "bool": "bool"}.get(p.type, p.type)
    choices = tuple(str(c) for c in p.choices) if p.type == "choice" else None
    default = str(p.default) if p.type == "choice" and p.default is not None else p.default
    return Option(p.name, None if p.argument else p.option, kind, typ, choices, default, p.required,
                  " ".join(p.help.split()), p.metavar, p.holds)


def describe(game: str, name: str) -> list[Option]:
    """The options of a question, as the command takes them (the Python API's
    ``progress`` aside)."""
    return [_option(p) for p in question(game, name).takes("cli")]


def _truthy(v, name: str) -> bool:
    if isinstance(v, bool) or type(v).__name__ == "bool_":
        return bool(v)
    s = str(v).strip().lower()
    if s in ("1", "true", "yes", "y", "on"):
        return True
    if s in ("0", "false", "no", "n", "off"):
        return False
    raise InputError(f"{name}: a yes or no, got {v!r}")


def _values(q: spec.Question, values: dict) -> dict:
    """The page's and batch's values as the question takes them: empty texts are not
    given, a flag may be a yes or no text, rules a ``;``-separated text."""
    out = {}
    names = {p.name: p for p in q.takes("cli")}
    for name, v in values.items():
        p = names.get(name)
        if p is None:
            out[name] = v                    # refused by spec.check, naming what it takes
            continue
        if v is None or (isinstance(v, str) and not v.strip()):
            continue
        if p.type == "bool":
            v = _truthy(v, p.option)
        elif p.type == "rules" and isinstance(v, str):
            v = [x.strip() for x in v.split(";") if x.strip()]
        out[name] = v
    return out


def check_names(q: spec.Question, values: dict) -> None:
    """Refuse (``InputError``) a value the question does not take, naming what it takes."""
    unknown = sorted(set(values) - {p.name for p in q.takes("cli")})
    if unknown:
        raise InputError(f"{q.game} {q.name} takes no {', '.join(unknown)}: it takes "
                         f"{', '.join(p.name for p in q.takes('cli'))}")


def ask(game: str, question_: str, values: dict | None = None, *, plot: str | None = None):
    """Answer ``question_`` of ``game`` asked with ``values`` exactly as the command
    would: the ``Answer`` (or the record of a record question).  ``plot``: also write the
    question's chart to this PNG file.  Bad input raises ``InputError`` naming the
    command line's option."""
    q = question(game, question_)
    values = _values(q, values or {})
    check_names(q, values)
    if plot is not None and q.plot:
        spec.plot_allowed(q, values)
    result = spec.answer(q, values, spelling="flag")
    if plot is not None and q.plot:
        spec.draw(q, result, plot, values)
    return result
