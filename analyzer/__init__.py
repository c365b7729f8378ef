"""Monte Carlo strategy analyzer for card games."""

import contextlib
import hashlib
import os
import sys
from pathlib import Path

__version__ = "0.1.0"


def _numba_cache_dir() -> str:
    """A numba cache folder keyed by a hash of the package's source.

    numba's own cache checks only the file of the function it compiled, so a kernel that
    inlines code from another module would keep running stale machine code after that
    module changes.  Keying the whole cache by all our sources makes any edit (or a
    checkout of another version) recompile.  NUMBA_CACHE_DIR, if set, is used as the base.
    """
    root = Path(__file__).resolve().parent
    digest = hashlib.sha1(__version__.encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    key = digest.hexdigest()[:16]
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base and os.path.basename(os.path.normpath(base)) == key:
        return base  # inherited from a parent process of the same version
    if not base:
        cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
        base = os.path.join(cache_home, "analyzer", "numba")
    path = os.path.join(base, key)
    if not os.path.isdir(path):
        _prune(base, keep=3)
    return path


def _prune(base: str, keep: int):
    """Remove all but the newest ``keep`` caches of earlier source versions."""
    import shutil

    try:
        old = [e for e in os.scandir(base) if e.is_dir() and len(e.name) == 16
               and all(c in "0123456789abcdef" for c in e.name)]
    except OSError:
        return
    old.sort(key=lambda e: e.stat().st_mtime, reverse=True)
    for entry in old[keep:]:
        shutil.rmtree(entry.path, ignore_errors=True)


def _use_keyed_numba_cache():
    path = _numba_cache_dir()
    os.environ["NUMBA_CACHE_DIR"] = path
    if "numba" in sys.modules:  # numba already imported: its config was read; set it too
        sys.modules["numba"].config.CACHE_DIR = path


def _one_specialization_per_type():
    """Our kernels get one compiled version per argument *type*, never one per constant.

    numba types a constant argument written in a kernel's call (``play(..., 4, False)``)
    as a literal and compiles the callee again for it: ``play_out_table`` had eight
    compiled copies, each 20-50 s to build, that differed only in which arguments a caller
    happened to pass as constants.  For a kernel of this package the call is typed with
    the plain types instead (a literal converts to its type at the call), so every caller
    shares one copy.  A kernel that really needs a literal (no such kernel today) still
    gets one: when the plain types do not compile, numba's own typing is used.
    """
    from numba.core import dispatcher, errors, types

    original = dispatcher.Dispatcher.get_call_template
    if getattr(original, "_analyzer_plain", False):
        return

    def get_call_template(self, args, kws):
        if self._can_compile and getattr(self.py_func, "__module__", "").startswith(__name__ + "."):
            plain = tuple(types.unliteral(a) for a in args)
            plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
            if plain != tuple(args) or plain_kws != kws:
                try:
                    return original(self, plain, plain_kws)
                except errors.TypingError:
                    pass
        return original(self, args, kws)

    get_call_template._analyzer_plain = True
    dispatcher.Dispatcher.get_call_template = get_call_template

    # ``compiled_once(sig)``: a kernel compiled for one declared signature, when it is
    # first needed (numba's ``njit(sig)`` compiles at import, in every process).
    # ``built_once``: each version compiled under the cross-process lock.
    original_compile = dispatcher.Dispatcher.compile

    def compile(self, sig):
        fixed = self.__dict__.get("_analyzer_signature")
        if fixed is None and not self.__dict__.get("_analyzer_locked"):
            return original_compile(self, sig)
        # compiled_once (build ``fixed`` only) or built_once (build ``sig``): under the lock
        from numba.core import sigutils
        from numba.core.compiler_lock import global_compiler_lock
        target = sig if fixed is None else fixed
        with global_compiler_lock:
            existing = self.overloads.get(tuple(sigutils.normalize_signature(target)[0]))
            if existing is not None:
                return existing.entry_point
            with _compile_lock(self):
                entry = original_compile(self, target)   # loads it if another process just built it
            if fixed is not None:
                self.disable_compile()  # later calls convert their arguments to it, as with njit(sig)
            return entry

    dispatcher.Dispatcher.compile = compile


@contextlib.contextmanager
def _compile_lock(kernel):
    """Hold a lock file in numba's cache folder while ``kernel`` compiles, so that
    processes sharing the cache (the test processes, Dask workers on one host) build it
    once: the others wait, then load it from the cache."""
    try:
        import fcntl

        from numba.core import config
        os.makedirs(config.CACHE_DIR, exist_ok=True)
        handle = open(os.path.join(config.CACHE_DIR, kernel.py_func.__qualname__ + ".lock"), "w")
    except (ImportError, OSError):  # no POSIX locks, or no cache folder: compile unlocked
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def compiled_once(signature):
    """``@compiled_once(sig)`` over ``@njit(...)``: the kernel is compiled (or loaded from
    the cache) for exactly ``signature`` on its first call, from Python or from another
    kernel, and every caller shares that one version (arguments convert to its types).
    Unlike ``njit(sig)`` nothing is compiled at import: a process that never calls the
    kernel never builds it (the double-dummy search takes about two minutes to build)."""
    def mark(kernel):
        kernel._analyzer_signature = signature
        return kernel
    return mark


def built_once(kernel):
    """``@built_once`` over ``@njit(cache=True)``: processes that share numba's cache build
    each version of this kernel once, under a lock file (``_compile_lock``); a process
    needing it meanwhile waits, then loads the built one.  For the few kernels that take
    minutes to build (Sheepshead's play-out) and that the test processes or Dask workers
    on one host would otherwise build side by side.  Mark only kernels that never call
    another ``built_once`` kernel, so that a process holds one such lock at a time."""
    kernel._analyzer_locked = True
    return kernel


_use_keyed_numba_cache()
_one_specialization_per_type()
