"""Monte Carlo strategy analyzer for card games."""

__version__ = "0.1.0"

from . import cache as _cache  # noqa: E402
from .specialize import compiled_once, one_specialization_per_type  # noqa: E402,F401

_cache.install()
one_specialization_per_type()
