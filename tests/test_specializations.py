"""Few compiled versions per kernel: a constant written in a kernel's call does not make
numba compile the callee again for that constant (``analyzer.specialize``)."""

from __future__ import annotations

import sys
import types

import numpy as np

from numba.core.dispatcher import Dispatcher

_PROBE = '''
from numba import njit

@njit(cache=False)
def callee(n, flag):
    s = 0
    for i in range(n):
        s += i if flag else 1
    return s

@njit(cache=False)
def caller():
    return callee(4, False) + callee(5, True)

@njit(cache=False)
def caller_var(k, flag):
    return callee(k, flag)
'''


def _probe(name):
    import analyzer  # noqa: F401  (installs the rule)
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(_PROBE, f"<{name}>", "exec"), module.__dict__)
        assert module.caller() == 4 + 10 and module.caller_var(3, False) == 3
        return [str(s) for s in module.callee.signatures]
    finally:
        del sys.modules[name]


def test_a_package_kernel_called_with_constants_is_compiled_once():
    assert _probe("analyzer._probe_constants") == ["(int64, bool)"]


def test_other_code_keeps_numbas_own_typing():
    """Only the package's kernels are affected: elsewhere numba's literal typing stays."""
    sigs = _probe("elsewhere_probe_constants")
    assert len(sigs) > 1 and any("Literal" in s for s in sigs)


def test_the_games_kernels_have_no_constant_specializations():
    """After questions of every game, no compiled version of any kernel of the package
    was typed for a constant."""
    from analyzer.games.euchre import questions as euchre
    from analyzer.games.five_hundred import questions as five_hundred
    from analyzer.games.pinochle import questions as pinochle
    from analyzer.games.sheepshead import questions as sheepshead
    five_hundred.bid("AH KH QH JH 10H JD AS KS 5C 6C", contract_only=True, deals=2000, seed=1, threads=1)
    euchre.order("JH JD AH 9S KC", "9H", players=4, seat=1, deals=500, seed=1, threads=1)
    sheepshead.pick("QC QS JD AD 7H 8S", seat=3, deals=500, seed=1, threads=1)
    pinochle.bid("AS TS KS QS JS QS JD KD QD 9H AC AC", deals=300, seed=1, threads=1)
    literal = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("analyzer.") or module is None:
            continue
        for attr, obj in vars(module).items():
            if isinstance(obj, Dispatcher) and obj.py_func.__module__ == name:
                literal += [f"{name}.{attr}{s}" for s in obj.signatures if "Literal" in str(s)]
    assert not literal, literal


def test_a_declared_signature_is_compiled_on_first_call_only(tmp_path, monkeypatch):
    """``compiled_once(sig)``: nothing at import; the first call (here from another
    kernel, with a literal) builds exactly ``sig``; Python calls convert to it."""
    from numba import njit, types as nbtypes

    from analyzer import specialize
    from analyzer import compiled_once
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))     # the lock file's folder
    taken = []
    real_lock = specialize._compile_lock

    def recording(kernel):
        taken.append(kernel.py_func.__name__)
        return real_lock(kernel)

    monkeypatch.setattr(specialize, "_compile_lock", recording)

    @compiled_once(nbtypes.int64(nbtypes.int64, nbtypes.boolean))
    @njit(cache=False)
    def fixed(n, flag):
        return n * 2 if flag else n

    @njit(cache=False)
    def caller():
        return fixed(4, True)

    assert fixed.signatures == []
    assert caller() == 8
    assert [str(s) for s in fixed.signatures] == ["(int64, bool)"]
    assert fixed(np.int32(5), False) == 5 and len(fixed.signatures) == 1
    assert taken == ["fixed"] and list(tmp_path.glob("*fixed.lock"))   # built once, under the lock
