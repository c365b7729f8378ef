"""Every question, registered once: its parameters (name, type, default, help), how it is
answered and what it can draw.

A game's questions are declared in its folder (``games/<game>/front.py``: a tuple
``QUESTIONS`` of :class:`Question`); every front end is built from them and from nothing
else:

- the command line (``cli/<game>.py``) makes each click command from the declaration
  (``cli.common.command``) and adds only the text rendering;
- the Python API (``analyzer.<game>``) makes each function from it (:func:`api_function`:
  the signature and the numpydoc docstring);
- ``analyzer.ask`` (the web page's forms and ``batch``) lists, describes and answers
  the questions through it.

Each front end calls :func:`answer` with the values it was given: the values are checked
and converted here, once (:func:`check`), and the question's function in the game's
folder is called.  Importing this module imports nothing heavy; a question's function,
its chart and its adapter are named by dotted path and imported when asked.
"""

from __future__ import annotations

import importlib
import inspect
import numbers
import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass

from . import registry
from .errors import InputError

TYPES = ("text", "int", "float", "bool", "choice", "rules")


@dataclass(frozen=True)
class Param:
    """One thing a question takes.

    ``type``: text, int (``low``/``high`` bounds), float, bool (a flag), choice
    (``choices``; whole-number choices are given to the question as ints), or rules (the
    repeatable ``--rule NAME=VALUE``; in Python a list or a dict).  ``flag``: the command
    line's spelling [``--`` + the name with dashes]; ``argument``: a positional argument.
    ``where``: "all", "cli" (how to print, e.g. ``--top``: not passed to the question)
    or "api" (``progress``: the command line sets it itself).  ``holds``: "cards", "card"
    or "melds" for a text of cards (the page offers its card picker), else None."""
    name: str
    type: str = "text"
    default: object = None
    help: str = ""
    flag: str | None = None
    argument: bool = False
    required: bool = False
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    metavar: str | None = None
    show_default: bool = False
    where: str = "all"
    holds: str | None = None

    def __post_init__(self):
        if self.type not in TYPES:
            raise ValueError(f"{self.name}: no parameter type {self.type!r}")
        if self.holds not in (None, "cards", "card", "melds"):
            raise ValueError(f"{self.name}: holds cards, a card or melds, not {self.holds!r}")

    @property
    def option(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def int_choices(self) -> bool:
        return self.type == "choice" and all(isinstance(c, int) for c in self.choices)


@dataclass(frozen=True)
class Question:
    """A question of a game: ``game`` (the registry's name) and ``name`` (the command),
    ``params`` in the order the Python function takes them, ``run``: the question's
    function ("module:function", called with the checked values by name), ``summary``
    and ``body`` (the help; ``--flags`` in it read as parameter names in the API's
    docstring), ``returns`` and ``examples`` (the API docstring's sections), ``record``
    (the answer is a plain dict, not an ``Answer``), ``plot`` ("module:function"
    drawing the answer's chart, or None; ``plot_check``: "module:function" of the values
    refusing a chart before the run), ``adapt`` ("module:function" turning the
    checked values into the function's arguments, where they differ), ``api``: the
    Python function's name [the question's], ``page``: offered by ``ask`` (the web page
    and batch) [True]; ``outputs``: the command line's json, csv, plot; ``vs_best``: what
    a ``vs_best`` column holds, differences of "value" (EV, points) or of "probability"
    (shown in percentage points); ``render``: "module:function", the command line's text of
    an answer (``games/<game>/text.py``; the command line's own values, e.g. ``top``, by
    name) [the question's JSON]."""
    game: str
    name: str
    params: tuple
    run: str
    summary: str
    body: str = ""
    returns: str = ""
    examples: str = ""
    record: bool = False
    plot: str | None = None
    plot_check: str | None = None
    adapt: str | None = None
    api: str | None = None
    page: bool = True
    outputs: tuple = ("json", "csv", "plot")
    vs_best: str = "value"
    render: str | None = None

    @property
    def help(self) -> str:
        """The command's help: each paragraph on one line (click wraps it), a ``\\b``
        paragraph (kept as written) with its lines."""
        return "\n\n".join(paragraphs(self.summary + "\n\n" + self.body))

    def takes(self, where: str) -> list[Param]:
        """The parameters of one front end: "cli" or "api"."""
        return [p for p in self.params if p.where in ("all", where)]


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a help text, each joined into one line, but a paragraph that
    starts with ``\\b`` (click's "do not rewrap"): its lines dedented."""
    out = []
    for para in re.split(r"\n[ \t]*\n", text.strip("\n")):
        lines = [line.strip() for line in para.strip("\n").splitlines()]
        if not any(lines):
            continue
        out.append("\n".join(lines) if lines[0] == "\b" else " ".join(" ".join(lines).split()))
    return out


# ----------------------------------------------------------------------------- shared parameters


def hand(help: str, name: str = "hand") -> Param:
    """The cards you hold: the question's first argument."""
    return Param(name, argument=True, required=True, help=help, holds="cards")


def seed() -> Param:
    return Param("seed", "int", 0, "Random seed: the same seed gives the same answer on any number of threads.",
                 low=0, high=2**64 - 1, show_default=True)


def threads() -> Param:
    return Param("threads", "int", None, "Worker threads (default: all cores).", low=1)


def deals(default=None, said: str | None = None, help: str = "Number of simulated deals") -> Param:
    """--deals: a fixed default, or None with ``said`` saying what the question picks."""
    text = f"{help} [default: {said}]." if said else f"{help}."
    return Param("deals", "int", default, text, low=1, show_default=default is not None)


def play(models=("heuristic", "dd", "pimc"), help: str = "Card-play model.") -> Param:
    return Param("play", "choice", models[0], help, choices=tuple(models), show_default=True)


def rules(help: str = "A rule option (repeatable); see the game's rules.") -> Param:
    return Param("rules", "rules", None, help, flag="--rule", metavar="NAME=VALUE")


def worlds(help: str = "With --play pimc: sampled layouts per card played [default: 32].") -> Param:
    return Param("worlds", "int", None, help, metavar="W", low=1)


def condition() -> Param:
    from .options import CONDITION_HELP, CONDITIONS
    return Param("condition", "choice", CONDITIONS[0], CONDITION_HELP, choices=tuple(CONDITIONS), show_default=True)


def examples() -> Param:
    from .options import EXAMPLES_HELP, MAX_EXAMPLES
    return Param("examples", "int", 0, EXAMPLES_HELP, low=0, high=MAX_EXAMPLES, metavar="N")


def progress() -> Param:
    return Param("progress", "bool", False, "Show a progress bar on stderr while the deals run.", where="api")


def simulation(default_deals=None, said=None, models=("heuristic", "dd", "pimc"), play_help="Card-play model.",
               rules_help="A rule option (repeatable); see the game's rules.") -> tuple:
    """--deals --seed --play --threads --rule, in that order."""
    out = [deals(default_deals, said), seed()]
    if models:
        out.append(play(models, play_help))
    return tuple(out) + (threads(), rules(rules_help))


# ----------------------------------------------------------------------------- the registry of questions


def questions(game: str | None = None) -> list[Question]:
    """Every registered question (of ``game``), in the games' order then each game's."""
    out = []
    for g in registry.GAMES.values():
        if game is None or g.name == game:
            out.extend(registry.front(g.name).QUESTIONS)
    if game in (None, "match"):
        from .sim import front as match_front
        out.extend(match_front.QUESTIONS)
    return out


def find(game: str, name: str, page_only: bool = False) -> Question:
    """The question ``name`` of ``game`` (its name or an alias); InputError naming what
    exists when unknown."""
    key = registry.canonical(game) or str(game).strip().lower()
    name = str(name).strip().lower()
    known = [q for q in questions() if q.page or not page_only]
    games = list(dict.fromkeys(q.game for q in known))
    if key not in games:
        raise InputError(f"unknown game {game!r}: one of {', '.join(games)}")
    for q in known:
        if q.game == key and q.name == name:
            return q
    raise InputError(f"{key} has no question {name!r}: one of {', '.join(q.name for q in known if q.game == key)}")


def load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


# ----------------------------------------------------------------------------- checking and answering


def check(q: Question, values: dict, spelling: str = "name") -> dict:
    """``values`` checked and converted as the question takes them: each value that is
    not None through its parameter's type (a whole number in its range, a choice, a flag
    True or False, cards as a list or as text), rules as a list of "NAME=VALUE".  Bad
    input raises ``InputError`` naming the parameter (``spelling`` "name" or "flag"), on
    one line; an unknown name is refused."""
    params = {p.name: p for p in q.params}
    unknown = sorted(set(values) - set(params))
    if unknown:
        raise InputError(f"{q.game} {q.name} takes no {', '.join(unknown)}: it takes "
                         f"{', '.join(p.name for p in q.params)}")
    out = {}
    for name, p in params.items():
        value = values.get(name, p.default)
        if value is None or (p.type == "rules" and value == ()):
            if p.required:
                raise InputError(_missing(p, spelling))
            out[name] = [] if p.type == "rules" else None
            continue
        try:
            out[name] = _convert(p, value)
        except ValueError as err:
            raise InputError(_invalid(p, spelling, str(err))) from None
    return out


def _missing(p: Param, spelling: str) -> str:
    if spelling == "name":
        return f"{p.name} is required"
    return f"Missing argument '{p.name.upper()}'." if p.argument else f"Missing option '{p.option}'."


def _invalid(p: Param, spelling: str, detail: str) -> str:
    """The command line's words for a bad value (``spelling`` "flag", as click says it)
    or the Python parameter's."""
    if spelling == "name":
        return f"{p.name}: {detail}"
    return f"Invalid value for '{p.name.upper() if p.argument else p.option}': {detail}"


def _convert(p: Param, value):
    """``value`` as parameter ``p`` takes it; ValueError saying what is wrong."""
    kind = type(value).__name__
    if p.type == "rules":
        return rule_items(value)
    if p.type == "bool":
        if not isinstance(value, bool) and kind != "bool_":
            raise ValueError(f"must be True or False, not {value!r}")
        return bool(value)
    if p.type == "choice":
        text = str(value).strip()
        shown = [str(c) for c in p.choices]
        if text not in shown:
            raise ValueError(f"{value!r} is not one of {', '.join(repr(c) for c in shown)}.")
        return p.choices[shown.index(text)]
    if p.type == "int":
        if kind in ("bool", "bool_"):
            raise ValueError(f"must be a whole number, not {value!r}")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise ValueError(f"{value!r} is not a valid integer.") from None
        elif isinstance(value, numbers.Real):
            if not float(value).is_integer():
                raise ValueError(f"must be a whole number, not {value!r}")
            value = int(value)
        else:
            raise ValueError(f"must be a whole number, not {value!r}")
        if (p.low is not None and value < p.low) or (p.high is not None and value > p.high):
            bounds = (f"{p.low}<=x<={p.high}" if p.low is not None and p.high is not None else
                      f"x>={p.low}" if p.low is not None else f"x<={p.high}")
            raise ValueError(f"{value} is not in the range {bounds}.")
        return value
    if p.type == "float":
        try:
            return float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{value!r} is not a valid float.") from None
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)          # cards as a list: the command's text
    return str(value)


def rule_items(rules) -> list[str]:
    """``rules`` as the ``["NAME=VALUE", ...]`` list the question functions take: None,
    one "NAME=VALUE" text, a list (tuple) of them, or a dict {NAME: VALUE}."""
    if rules is None:
        return []
    if isinstance(rules, str):
        return [rules]
    if isinstance(rules, Mapping):
        items = []
        for name, value in rules.items():
            if isinstance(value, bool):
                raise InputError(f"rule {name}: give its value as text (e.g. 'yes' or 'no'), not {value!r}")
            items.append(f"{name}={value}")
        return items
    try:
        items = list(rules)
    except TypeError:
        raise InputError(f"rules: a list of 'NAME=VALUE' texts or a dict, not {rules!r}") from None
    for item in items:
        if not isinstance(item, str):
            raise InputError(f"rules: each rule is a 'NAME=VALUE' text, not {item!r}")
    return items


def answer(q: Question, values: dict, spelling: str = "name"):
    """Check ``values`` and ask the question: its ``Answer`` (or record)."""
    kw = check(q, values, spelling)
    kw = {p.name: kw[p.name] for p in q.params if p.where != "cli"}
    if q.adapt:
        kw = load(q.adapt)(kw)
    return load(q.run)(**kw)


def plot_allowed(q: Question, values: dict) -> None:
    """Refuse a chart the question cannot draw for these values, before it runs."""
    if q.plot is None:
        raise InputError(f"--plot: not offered by {q.game} {q.name}")
    if q.plot_check:
        load(q.plot_check)(values)


def draw(q: Question, result, path: str, values: dict) -> None:
    """Write the question's chart of ``result`` to ``path`` (InputError if it has none)."""
    if q.plot is None:
        raise InputError(f"--plot: not offered by {q.game} {q.name}")
    chart = load(q.plot)
    chart(result, path, **takes_own(chart, q, values))


def takes_own(function, q: Question, values: dict) -> dict:
    """The command line's own values (``where="cli"``, e.g. ``top``) that ``function`` (a
    rendering, a chart) takes by name."""
    names = inspect.signature(function).parameters
    return {p.name: values.get(p.name, p.default) for p in q.params if p.where == "cli" and p.name in names}


# ----------------------------------------------------------------------------- the Python API


def _numpy_type(p: Param) -> str:
    if p.type == "rules":
        return "list of str or dict, optional"
    if p.type == "choice":
        kind = "{" + ", ".join(str(c) if isinstance(c, int) else f'"{c}"' for c in p.choices) + "}"
    else:
        kind = {"text": "str", "int": "int", "float": "float", "bool": "bool"}[p.type]
    if p.required:
        return kind
    if p.default is None:
        return kind + ", optional"
    shown = f'"{p.default}"' if isinstance(p.default, str) else (f"{p.default:_}" if isinstance(p.default, int)
                                                                 and not isinstance(p.default, bool) else
                                                                 repr(p.default))
    return f"{kind}, default {shown}"


def _python_words(text: str, q: Question) -> str:
    """A help text as the API reads: ``--play pimc`` becomes ``play="pimc"``, a flag
    ``--alone`` ``alone=True``, any other ``--name-x`` of a parameter ``name_x``."""
    options = {p.option: p for p in q.params}

    def sub(m):
        p = options.get(m.group(1))
        word = m.group(2)
        if p is None:
            return m.group(0)
        if p.type == "bool":
            return f"``{p.name}=True``" + (f" {word}" if word else "")
        if p.type == "choice" and word in [str(c) for c in p.choices]:
            return f"``{p.name}={word}``" if p.int_choices else f'``{p.name}="{word}"``'
        return f"``{p.name}``" + (f" {word}" if word else "")

    return re.sub(r"(--[a-z][a-z-]*)(?: ([A-Za-z0-9_]+\b))?", sub, text)


def docstring(q: Question) -> str:
    """The numpydoc docstring of the question's Python function."""
    def fill(text, indent=""):
        out = []
        for para in paragraphs(text):
            if para.startswith("\b"):          # command lines: the command's help, not the function's
                continue
            else:
                out.append(textwrap.fill(para, 88, initial_indent=indent, subsequent_indent=indent,
                                         break_on_hyphens=False, break_long_words=False))
        return "\n\n".join(out)

    command = q.name if q.game == q.name else f"{q.game} {q.name}"
    lines = [f"{_python_words(' '.join(q.summary.split()), q)} (``analyzer {command}``)."
             .replace(".. (", " (").replace(". (``", " (``")]
    if q.body and fill(q.body):
        lines += ["", fill(_python_words(q.body, q))]
    lines += ["", "Parameters", "----------"]
    for p in q.takes("api"):
        lines.append(f"{p.name} : {_numpy_type(p)}")
        help_ = p.help
        if p.type == "rules":
            help_ = ('Rule options, as ``["NAME=VALUE", ...]`` or ``{NAME: VALUE}`` (the same answer either '
                     "way); see the game's rules.")
        lines.append(fill(_python_words(help_, q) or p.name, "    "))
    lines += ["", "Returns", "-------", textwrap.dedent(q.returns).strip() or
              ("dict\n    The record the command line's ``--json`` prints." if q.record else
               "Answer\n    ``table``, ``best``, ``recommendation`` and ``meta``.")]
    if q.examples:
        lines += ["", "Examples", "--------", textwrap.dedent(q.examples).strip()]
    return "\n".join(lines) + "\n"


def api_function(q: Question):
    """The Python function of a question: its parameters (``params`` but the command
    line's own), their defaults, the generated docstring; calling it checks the values
    and answers."""
    sig = inspect.Signature([
        inspect.Parameter(p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          default=inspect.Parameter.empty if p.required else p.default)
        for p in q.takes("api")])

    def function(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as err:
            raise InputError(f"{q.api or q.name}: {err}") from None
        bound.apply_defaults()
        return answer(q, dict(bound.arguments))

    function.__signature__ = sig
    function.__name__ = function.__qualname__ = q.api or q.name
    function.__module__ = f"analyzer.{registry.GAMES[q.game].namespace}" if q.game in registry.GAMES else "analyzer"
    function.__doc__ = docstring(q)
    return function


def api_functions(game: str, *names: str) -> tuple:
    """The Python functions of ``game``'s questions called ``names`` (the API's names:
    ``pass_``), in that order: a namespace's public functions."""
    made = {(q.api or q.name): q for q in questions(game)}
    missing = [n for n in names if n not in made]
    if missing:
        raise KeyError(f"{game} registers no question {', '.join(missing)}")
    return tuple(api_function(made[n]) for n in names)
