"""Two rules for how numba compiles the package's kernels (installed by ``analyzer``):
one compiled version per argument type, never one per constant written in a call
(``one_specialization_per_type``), and ``compiled_once(sig)`` for the kernel that must
have exactly one version, built on first use (the double-dummy solver).

Both wrap a method of numba's ``Dispatcher`` (``get_call_template(args, kws)`` and
``compile(sig)``), which is why numba is pinned to the tested minor version in
``pyproject.toml``; ``tests/test_specializations.py`` checks both on that version.  They
live in their own module so that the kernels' cache stamps (``analyzer.cache``) do not
depend on the package's ``__init__``.
"""

import contextlib
import os
import threading

from . import cache as _cache


def one_specialization_per_type():
    """Our kernels get one compiled version per argument *type*, never one per constant.

    numba types a constant argument written in a kernel's call (``play(..., 4, False)``)
    as a literal and compiles the callee again for it: ``play_out_table`` had eight
    compiled copies that differed only in which arguments a caller happened to pass as
    constants, and without this rule a double-dummy question builds the solver once per
    caller's constants (tens of seconds each).  For a kernel of this package the call is
    typed with the plain types instead (a literal converts to its type at the call), so
    every caller shares one copy.  A kernel that really needs a literal (no such kernel
    today) still gets one: when the plain types do not compile, numba's own typing is used.
    """
    from numba.core import dispatcher, errors, types

    original = dispatcher.Dispatcher.get_call_template
    if getattr(original, "_analyzer_plain", False):
        return

    def get_call_template(self, args, kws):
        if self._can_compile and getattr(self.py_func, "__module__", "").startswith(_cache.PACKAGE + "."):
            plain = tuple(types.unliteral(a) for a in args)
            plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
            if plain != tuple(args) or plain_kws != kws:
                try:
                    return original(self, plain, plain_kws)
                except (errors.TypingError, errors.ForceLiteralArg):
                    pass
        return original(self, args, kws)

    get_call_template._analyzer_plain = True
    dispatcher.Dispatcher.get_call_template = get_call_template

    # ``compiled_once(sig)``: a kernel compiled for one declared signature, when it is
    # first needed (numba's ``njit(sig)`` compiles at import, in every process), under the
    # cross-process lock.  Every other cached kernel of the package compiled from Python
    # (not as a callee of a kernel being compiled) takes the same kind of lock: processes
    # sharing the cache (the two test processes, Dask workers) build it once.
    original_compile = dispatcher.Dispatcher.compile

    def compile(self, sig):
        fixed = self.__dict__.get("_analyzer_signature")
        if fixed is None:
            if getattr(_OUTER, "depth", 0) or not _shared(self):
                return original_compile(self, sig)
            from numba.core import sigutils
            if self.overloads.get(tuple(sigutils.normalize_signature(sig)[0])) is not None:
                return original_compile(self, sig)        # built in this process: no lock needed
            with _outermost(), _compile_lock(self):
                return original_compile(self, sig)        # loads it if another process just built it
        from numba.core import sigutils
        from numba.core.compiler_lock import global_compiler_lock
        with global_compiler_lock, _outermost():
            existing = self.overloads.get(tuple(sigutils.normalize_signature(fixed)[0]))
            if existing is not None:
                return existing.entry_point
            # Waiting here holds numba's (per-process) compiler lock: this process's other
            # threads wait too, as they would for any build; the lock file's holder is
            # another process, which never waits on us.
            with _compile_lock(self):
                entry = original_compile(self, fixed)   # loads it if another process just built it
            self.disable_compile()  # later calls convert their arguments to it, as with njit(sig)
            return entry

    dispatcher.Dispatcher.compile = compile


# How deep this thread is in a build under a lock file.  A lock is taken only by the
# outermost build (its callees build inside it, unlocked) and by the solver's build
# (``compiled_once``), inside which nothing waits: so a build waits only while it holds no
# lock, or holds one and waits for the solver, whose holder waits for nobody; no two
# processes can wait on each other.
_OUTER = threading.local()


class _outermost:
    def __enter__(self):
        _OUTER.depth = getattr(_OUTER, "depth", 0) + 1

    def __exit__(self, *exc):
        _OUTER.depth = getattr(_OUTER, "depth", 1) - 1
        return False


def _shared(kernel) -> bool:
    """A kernel of the package (or its tests) whose builds go to the on-disk cache."""
    module = getattr(kernel.py_func, "__module__", "") or ""
    return (module.startswith((_cache.PACKAGE + ".", "tests.")) and
            type(getattr(kernel, "_cache", None)).__name__ not in ("NullCache", "NoneType"))


@contextlib.contextmanager
def _compile_lock(kernel):
    """Hold a lock file in the kernels' cache folder while ``kernel`` compiles, so that
    processes sharing the cache (the test processes, Dask workers on one host) build it
    once: the others wait, then load it from the cache."""
    try:
        import fcntl

        folder = _cache.cache_root()
        os.makedirs(folder, exist_ok=True)
        name = f"{kernel.py_func.__module__}.{kernel.py_func.__qualname__}"
        handle = open(os.path.join(folder, name + ".lock"), "w")
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
    kernel (every heuristic question) never builds it.  Processes sharing the cache build
    it once (``_compile_lock``)."""
    def mark(kernel):
        kernel._analyzer_signature = signature
        return kernel
    return mark
