"""``analyzer match``: a duplicate match of two play models in a trick game."""

from __future__ import annotations

from .. import spec
from .common import command

match = command(spec.find("match", "match"))
