"""What the Python API's namespaces (``analyzer.five_hundred``, ``analyzer.euchre``, ...)
share: rule options given as a list or a dict, the command line's own checks of every
value (each value goes through the click type of the command's option, so a bad value
raises ``InputError`` with the words the command line would use), the shared parts of
the docstrings, and ``analyzer.match``.
"""

from __future__ import annotations

import re
import numbers
from collections.abc import Mapping

from . import registry
from .errors import InputError

# ----------------------------------------------------------------------------- values


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


def _command(path: tuple[str, ...]):
    from .cli.main import cli
    cmd = cli
    for name in path:
        cmd = cmd.commands[name]
    return cmd


def checked(path: tuple[str, ...], values: dict, renamed: dict[str, str] | None = None) -> dict:
    """``values`` (the API function's arguments) checked and converted as the command
    ``analyzer <path>`` does with its options: each value that is not None through its
    option's click type (a choice, a range, a number), a flag as True or False.  Names the
    command does not have pass unchanged; ``renamed``: API name -> the command's
    parameter name where they differ.  Bad input raises ``InputError`` naming the
    parameter, on one line."""
    import click

    params = {p.name: p for p in _command(path).params}
    out = {}
    for name, value in values.items():
        p = params.get((renamed or {}).get(name, name))
        if p is None or p.multiple:
            out[name] = value
            continue
        if value is None:
            if p.required:
                raise InputError(f"{name} is required")
            out[name] = None
            continue
        if getattr(p, "is_flag", False):
            if not isinstance(value, bool) and type(value).__name__ != "bool_":
                raise InputError(f"{name} must be True or False, not {value!r}")
            out[name] = bool(value)
            continue
        if isinstance(p.type, click.Choice):
            value = str(value)
        elif isinstance(p.type, (click.types.IntParamType, click.IntRange)):
            # click's int() would truncate 10.5 (and take True as 1); the command line refuses them
            if type(value).__name__ in ("bool", "bool_") or (isinstance(value, numbers.Real)
                                                              and not float(value).is_integer()):
                raise InputError(f"{name} must be a whole number, not {value!r}")
        elif isinstance(value, (list, tuple)) and p.type is click.STRING:
            value = " ".join(str(v) for v in value)         # cards as a list: the command's text
        try:
            out[name] = p.type.convert(value, p, None)
        except click.BadParameter as err:
            raise InputError(f"{name}: {' '.join(str(err.message).split())}") from None
    return out


# ----------------------------------------------------------------------------- docstrings
# A line of a docstring that is only "@name" is replaced by FRAGMENTS[name], indented as
# the line was: the parameters every simulation question shares, written once.
FRAGMENTS = {
    "seed": """\
seed : int, default 0
    Random seed: the same seed gives the same answer on any number of threads.""",
    "threads": """\
threads : int, optional
    Worker threads (default: all cores).""",
    "progress": """\
progress : bool, default False
    Show a progress bar on stderr while the deals run.""",
    "condition": """\
condition : {"policy", "none"}, default "policy"
    How the hands you cannot see are dealt: "policy" = each seat that has spoken holds
    a hand with which the bidding policy makes its calls; "none" = uniformly (the calls
    heard still set the state of the bidding).""",
    "examples": """\
examples : int, default 0
    Also keep this many deals behind the answer (0 to 20) in ``Answer.examples``: where
    the recommended option does worse than the next best, and where it does better, each
    with the hands and the play (reproducible from the seed and the deal's number).""",
    "worlds": """\
worlds : int, optional
    With ``play="pimc"``: sampled layouts per card played [default: 32].""",
}


def rules_fragment(help_text: str) -> str:
    """The ``rules`` parameter's entry, with the game's rule options."""
    import textwrap

    text = ("Rule options, as ``[\"NAME=VALUE\", ...]`` or ``{NAME: VALUE}`` (the same answer either way).  "
            + help_text)
    return "rules : list of str or dict, optional\n" + textwrap.fill(text, 88, initial_indent="    ",
                                                                      subsequent_indent="    ",
                                                                      break_on_hyphens=False)


def fill_doc(**extra):
    """Decorator: expand the ``@name`` lines of the function's docstring (FRAGMENTS, and
    ``extra`` for this function)."""
    table = dict(FRAGMENTS, **extra)

    def expand(match):
        indent, name = match.group(1), match.group(2)
        if name not in table:
            raise KeyError(f"no docstring fragment {name!r}")
        return "\n".join(indent + line if line else "" for line in table[name].splitlines())

    def decorate(f):
        doc, before = f.__doc__, None
        while doc != before:                    # a fragment may hold @lines of its own
            doc, before = re.sub(r"^([ \t]*)@(\w+)[ \t]*$", expand, doc, flags=re.M), doc
        f.__doc__ = doc
        return f

    return decorate


# ----------------------------------------------------------------------------- match


@fill_doc(rules=rules_fragment("The game's rule options (see its namespace)."))
def match(game, a="pimc", b="heuristic", players=None, deck=24, deals=None, seed=0, worlds=None, threads=None,
          rules=None, progress=False):
    """A duplicate match of two play models in a trick game (``analyzer match``).

    Self-play deals (the auction by the bidding policy), each played with the same cards
    three times: model A at the contracting side and B at the defenders, the other way
    round, and B everywhere.  The luck of the cards cancels: A - B points a deal with its
    95% interval, and each side's P(make) as contractor.  A model against itself gives
    exactly 0.

    Parameters
    ----------
    game : {"five-hundred", "500", "euchre", "sheepshead", "pinochle"}
        The game ("five_hundred" is taken too).
    a : {"pimc", "heuristic"}, default "pimc"
        Model A: "pimc" (single-dummy play, ``worlds`` layouts a card) or "heuristic".
    b : {"pimc", "heuristic"}, default "heuristic"
        Model B.
    players : int, optional
        Table size: Five Hundred 2-6 [4], Euchre 2 or 4 [2] (Sheepshead: 5, Pinochle: 4).
    deck : {24, 32, 25}, default 24
        Euchre's deck.
    deals : int, optional
        Self-play deals, each played three times [default: Five Hundred 1,000, Euchre
        2,000, Sheepshead 1,000, Pinochle 200].
    @seed
    worlds : int, optional
        Single-dummy layouts sampled a card [32; Pinochle 16].
    @threads
    @rules
    @progress

    Returns
    -------
    Answer
        ``table``: one row per side (model, contracts, p_make with p_make_lo/p_make_hi,
        net, net_se); ``meta``: a_minus_b with se, lo, hi, the gains as contractor and
        as defender, and by_kind (per kind of contract).

    Examples
    --------
    >>> import analyzer
    >>> m = analyzer.match("euchre", a="heuristic", b="heuristic", deals=200)
    >>> m.meta["a_minus_b"]
    0.0
    """
    from .sim.match import duplicate_match

    game = registry.canonical(game) or game
    kw = checked(("match",), dict(game=game, a=a, b=b, players=players, deck=deck, deals=deals, seed=seed,
                                  worlds=worlds, threads=threads))
    return duplicate_match(kw["game"], a=kw["a"], b=kw["b"], players=kw["players"], deck=int(kw["deck"]),
                           deals=kw["deals"], seed=kw["seed"], worlds=kw["worlds"], threads=kw["threads"],
                           rules=rule_items(rules), progress=bool(progress))
