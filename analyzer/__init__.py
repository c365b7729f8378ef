"""Monte Carlo strategy analyzer for card games."""

__version__ = "0.1.0"

from . import cache as _cache  # noqa: E402
from .specialize import compiled_once, one_specialization_per_type  # noqa: E402,F401

_cache.install()
one_specialization_per_type()

# The Python API: one namespace per game (``analyzer.five_hundred.bid(...)``) and
# ``analyzer.match``, imported on first use so that ``import analyzer`` (and the command
# line's start) does not import every game.  See docs/api.md.
from .registry import GAMES as _GAMES  # noqa: E402

NAMESPACES = tuple(g.namespace for g in _GAMES.values())
__all__ = [*NAMESPACES, "match"]


def __getattr__(name):
    if name in NAMESPACES:
        import importlib
        return importlib.import_module(f".{name}", __name__)
    if name == "match":
        from ._api import match
        return match
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
