"""Ask any question the command line has, from Python, by name and values.

The web page (``analyzer serve``) and batch runs (``analyzer batch``) put their
questions through here, so they take the same options, check them with the same words
and get the same answers as the commands: ``ask("five-hundred", "bid", {"hand": ...,
"auction": "7S pass pass"})`` runs the ``analyzer five-hundred bid`` command's own code
and returns its ``Answer`` (or, for the questions answered by a plain record, such as
``pinochle meld``, that record as a dict) instead of printing it.

``questions()`` lists them and ``describe(game, question)`` says what each option takes
(its name, kind, choices, default and help), which is what the web page builds its
forms from.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import click

from . import registry
from .errors import InputError

# Options that say how to print or where to run, never what is asked: not taken here
# (``threads`` is: a batch row or the page may set it).
HIDDEN = {"as_json", "as_csv", "plot_path", "scheduler", "cluster", "resume", "progress"}
# Commands that are not one question with one answer (builds, folders of files, files of deals).
NOT_QUESTIONS = {("warm",), ("report",), ("table",), ("trust",), ("five-hundred", "solve"),
                 ("bridge", "solve"), ("five-hundred", "equity")}
GAMES = tuple(registry.GAMES)


@dataclass(frozen=True)
class Option:
    """One thing a question takes: ``name`` (the Python name and the batch column),
    ``flag`` (the command-line spelling, None for an argument), ``kind`` (argument,
    option, flag or multiple), ``type`` (text, int, float or choice), ``choices``,
    ``default``, ``required``, ``help`` and ``metavar``."""
    name: str
    flag: str | None
    kind: str
    type: str
    choices: tuple | None
    default: object
    required: bool
    help: str
    metavar: str | None

    def as_dict(self) -> dict:
        d = dict(self.__dict__)
        d["choices"] = list(self.choices) if self.choices is not None else None
        if not isinstance(d["default"], (str, int, float, bool, type(None))):
            d["default"] = list(d["default"]) if isinstance(d["default"], (list, tuple)) else str(d["default"])
        return d


def _cli():
    from .cli.main import cli
    return cli


def questions() -> list[tuple[str, str]]:
    """(game, question) of every question ``ask`` answers, in the commands' order;
    ``match`` is listed as ("match", "match")."""
    out = []
    for name, cmd in _cli().commands.items():
        if isinstance(cmd, click.Group):
            for sub, c in cmd.commands.items():
                if (name, sub) not in NOT_QUESTIONS and name != "bridge" and "as_json" in {p.name for p in c.params}:
                    out.append((name, sub))
        elif (name,) not in NOT_QUESTIONS and "as_json" in {p.name for p in cmd.params}:
            out.append((name, name))
    return out


def command(game: str, question: str) -> click.Command:
    """The click command of a question (``InputError`` naming what exists if unknown)."""
    game = registry.canonical(game) or str(game).strip().lower()
    question = str(question).strip().lower()
    known = questions()
    if (game, question) not in known:
        games = sorted({g for g, _ in known})
        if game not in games:
            raise InputError(f"unknown game {game!r}: one of {', '.join(games)}")
        asks = [q for g, q in known if g == game]
        raise InputError(f"{game} has no question {question!r}: one of {', '.join(asks)}")
    cmd = _cli().commands[game]
    return cmd if game == question else cmd.commands[question]


def _type_of(param) -> tuple[str, tuple | None]:
    t = param.type
    if isinstance(t, click.Choice):
        return "choice", tuple(t.choices)
    if isinstance(t, click.types.BoolParamType) or getattr(param, "is_flag", False):
        return "bool", None
    if isinstance(t, (click.types.IntParamType, click.IntRange)):
        return "int", None
    if isinstance(t, (click.types.FloatParamType, click.FloatRange)):
        return "float", None
    return "text", None


def _default(param, ctx):
    """What the command takes when ``param`` is not given, read through click's public
    ``Parameter.get_default``: None where there is nothing to show (an argument, a
    repeatable option with no default, a default that is not a plain value)."""
    if param.required:
        return None
    value = param.get_default(ctx, call=True)
    if param.multiple:
        return tuple(value) if isinstance(value, (list, tuple)) and value else None
    return value if isinstance(value, (str, int, float, bool)) else None


def describe(game: str, question: str) -> list[Option]:
    """The options of a question, arguments first, as the command takes them."""
    out = []
    cmd = command(game, question)
    ctx = click.Context(cmd)
    for p in cmd.params:
        if p.name in HIDDEN:
            continue
        typ, choices = _type_of(p)
        if isinstance(p, click.Argument):
            kind, flag = "argument", None
        else:
            flag = max(p.opts, key=len)
            kind = "flag" if p.is_flag else ("multiple" if p.multiple else "option")
        out.append(Option(p.name, flag, kind, typ, choices, _default(p, ctx), bool(p.required),
                          (getattr(p, "help", None) or "").strip(), getattr(p, "metavar", None)))
    return out


def argv(game: str, question: str, values: dict) -> list[str]:
    """The command line that asks ``question`` with ``values`` (names as ``describe``
    gives them; a flag true or false; a repeatable option a list or a ``;``-separated
    text); unknown names are refused."""
    opts = {o.name: o for o in describe(game, question)}
    unknown = sorted(set(values) - set(opts))
    if unknown:
        raise InputError(f"{game} {question} takes no {', '.join(unknown)}: it takes {', '.join(opts)}")
    args, tail = [], []
    for name, o in opts.items():
        if name not in values or values[name] is None or values[name] == "":
            continue
        v = values[name]
        if o.kind == "argument":
            args.append(_text(v))
        elif o.kind == "flag":
            if _truthy(v, name):
                tail.append(o.flag)
        elif o.kind == "multiple":
            items = v if isinstance(v, (list, tuple)) else [x for x in str(v).split(";")]
            for x in items:
                if str(x).strip():
                    tail += [o.flag, str(x).strip()]
        else:
            tail += [o.flag, _text(v)]
    return args + tail


def _text(v) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, (list, tuple)):          # cards as a list: the command's text
        return " ".join(str(x) for x in v)
    return str(v)


def _truthy(v, name: str) -> bool:
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("1", "true", "yes", "y", "on"):
        return True
    if s in ("0", "false", "no", "n", "off"):
        return False
    raise InputError(f"{name}: a yes or no, got {v!r}")


def ask(game: str, question: str, values: dict | None = None, *, plot: str | None = None):
    """Answer ``question`` of ``game`` asked with ``values`` exactly as the command
    would: the ``Answer`` (or the record of a record question).  ``plot``: also write the
    command's chart to this PNG file.  Bad input raises ``InputError`` with the words the
    command line prints."""
    from .cli.common import capturing

    cmd = command(game, question)
    line = argv(game, question, values or {})
    if plot is not None and any(p.name == "plot_path" for p in cmd.params):
        line += ["--plot", plot]
    try:
        ctx = cmd.make_context(f"analyzer {game} {question}", line, resilient_parsing=False)
    except click.exceptions.UsageError as err:
        raise InputError(err.format_message()) from None
    except click.exceptions.Exit:
        raise InputError(f"{game} {question}: nothing asked") from None
    callback = getattr(cmd.callback, "__wrapped__", cmd.callback)   # not the run ledger's wrapper
    params = {k: v for k, v in ctx.params.items() if k not in ("scheduler", "cluster")}
    if "resume" in params and not _own_resume(cmd):
        params.pop("resume")
    with capturing() as kept, contextlib.ExitStack() as stack:
        stack.enter_context(ctx)
        try:
            callback(**params)
        except click.exceptions.UsageError as err:
            raise InputError(err.format_message()) from None
    if not kept:
        raise InputError(f"{game} {question} gave no answer")
    return kept[-1]


def _own_resume(cmd) -> bool:
    callback = getattr(cmd.callback, "__wrapped__", cmd.callback)
    import inspect
    return "resume" in inspect.signature(callback).parameters
