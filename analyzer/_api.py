"""What the Python API's namespaces (``analyzer.five_hundred``, ``analyzer.euchre``, ...)
share: every function is made from its question's registration (``analyzer.spec``),
so it takes the command line's parameters with the same defaults and checks, and rule
options as a list or a dict; here ``analyzer.match``.
"""

from __future__ import annotations

from .spec import api_function, find

match = api_function(find("match", "match"))
