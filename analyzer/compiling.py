"""What numba compiles, how long it takes, and telling the user while it happens.

numba compiles a kernel the first time a process calls it for a given argument type and
stores the machine code in its cache (``analyzer.cache``); later processes load it in a
moment.  This module watches numba's compile events (numba's event API,
``numba.core.event``: ``numba:compile`` around each build, ``numba:llvm_lock`` around
each call into LLVM) for two things:

- ``Recorder``: per kernel, how many versions were built, the seconds spent on it alone
  (its callees built meanwhile are theirs), the part of them in LLVM, and which kernels it
  built on the way (what it links).  ``scripts/bench.py compile`` and ``analyzer warm``
  print it.
- ``announce(game, play)``: while a question runs, the first build prints one line on
  stderr ("compiling the Five Hundred kernels for heuristic play, about 30 s on 2
  cores, once: later runs load them from the cache") and, on a terminal, a spinner
  with the seconds so far; a warm cache prints nothing.
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import threading
import time
from dataclasses import dataclass, field

from . import registry

# Cold seconds on a 2-core machine, measured with ``python scripts/bench.py compile``
# (docs/performance.md): the kernels a question of this game and play model builds, when
# nothing is cached yet (a dd or pimc question includes the solver, about 30 s, which
# every game shares and builds once).
COLD_SECONDS = {
    "Five Hundred": {"heuristic": 35, "dd": 85, "pimc": 150},
    "Euchre": {"heuristic": 20, "dd": 85, "pimc": 150},
    "Sheepshead": {"heuristic": 20, "dd": 55, "pimc": 150},
    "Pinochle": {"heuristic": 15, "dd": 60},
    "Rummy 500": {"heuristic": 30},
}


def kernel_name(dispatcher) -> str:
    func = dispatcher.py_func
    module = func.__module__
    if module.startswith("analyzer."):
        module = module[len("analyzer."):]
    return f"{module}.{func.__qualname__}"


@dataclass
class Built:
    """One kernel's builds in a recording."""
    name: str
    versions: int = 0
    own: float = 0.0        # seconds building it, its callees' builds excluded
    llvm: float = 0.0       # ... of which in LLVM (optimisation, code generation)
    total: float = 0.0      # seconds from its build's start to its end, callees included
    links: set = field(default_factory=set)   # the kernels built during its build

    @property
    def front(self) -> float:
        """numba's front end: bytecode analysis, typing, lowering to LLVM IR."""
        return self.own - self.llvm


class Recorder:
    """``with Recorder() as rec: ...`` records every build numba makes in the block (in
    every thread): ``rec.built`` maps a kernel's name to its ``Built``."""

    def __init__(self):
        self.built: dict[str, Built] = {}
        self._stacks = threading.local()
        self._lock = threading.Lock()
        self._scope = None

    def _stack(self):
        stack = getattr(self._stacks, "items", None)
        if stack is None:
            stack = self._stacks.items = []
        return stack

    # numba:compile
    def _start(self, event):
        self._stack().append([kernel_name(event.data["dispatcher"]), time.perf_counter(), 0.0, 0.0])

    def _end(self, event):
        stack = self._stack()
        if not stack:
            return
        name, t0, children, llvm = stack.pop()
        total = time.perf_counter() - t0
        with self._lock:
            row = self.built.setdefault(name, Built(name))
            row.versions += 1
            row.own += total - children
            row.llvm += llvm
            row.total += total
            if stack:
                stack[-1][2] += total
                self.built.setdefault(stack[-1][0], Built(stack[-1][0])).links.add(name)

    # numba:llvm_lock (calls into LLVM do not nest)
    def _llvm_start(self, event):
        self._stacks.llvm_t0 = time.perf_counter()

    def _llvm_end(self, event):
        t0 = getattr(self._stacks, "llvm_t0", None)
        stack = self._stack()
        if t0 is not None and stack:
            stack[-1][3] += time.perf_counter() - t0

    def __enter__(self):
        from numba.core import event as ev
        self._scope = contextlib.ExitStack()
        self._scope.enter_context(ev.install_listener("numba:compile", _Listener(self._start, self._end)))
        self._scope.enter_context(ev.install_listener("numba:llvm_lock", _Listener(self._llvm_start,
                                                                                    self._llvm_end)))
        return self

    def __exit__(self, *exc):
        self._scope.close()
        return False

    @property
    def seconds(self) -> float:
        return sum(b.own for b in self.built.values())

    def rows(self):
        """The builds, most expensive first, as plain dicts (for JSON and tables)."""
        return [{"kernel": b.name, "versions": b.versions, "seconds": round(b.own, 2),
                 "front_end": round(b.front, 2), "llvm": round(b.llvm, 2), "with_callees": round(b.total, 2),
                 "links": sorted(b.links)}
                for b in sorted(self.built.values(), key=lambda b: -b.own)]


def _listener_class():
    from numba.core import event as ev

    class Listener(ev.Listener):
        def __init__(self, on_start, on_end):
            self._on_start, self._on_end = on_start, on_end

        def on_start(self, event):
            self._on_start(event)

        def on_end(self, event):
            self._on_end(event)

    return Listener


def _Listener(on_start, on_end):
    global _LISTENER
    if _LISTENER is None:
        _LISTENER = _listener_class()
    return _LISTENER(on_start, on_end)


_LISTENER = None


# ----------------------------------------------------------------------------- the notice
class _Notice:
    """Prints the first-build line once and runs the spinner while builds are under way.

    The line is printed when a build has been under way for ``delay`` seconds (0: when
    the first build starts); a question's ``Plan.run`` sets the delay to 0, the CLI's
    outer notice waits a little, so that the short builds a command may make while it
    reads its input (before it can refuse it in one line) print nothing."""

    SPIN = "|/-\\"

    def __init__(self, game, play, stream, delay):
        self.game, self.play, self.stream, self.delay = game, play, stream, delay
        self.depth = 0
        self.started = None
        self.printed = False
        self.lock = threading.Lock()
        self.wake = threading.Condition(self.lock)
        self.stop = False
        self.thread = None
        self.tty = bool(getattr(stream, "isatty", lambda: False)())

    def line(self) -> str:
        what = f"the {self.game} kernels" if self.game else "the kernels"
        if self.play:
            what += f" for {self.play} play"
        seconds = COLD_SECONDS.get(self.game, {}).get(self.play)
        about = f", about {seconds} s on 2 cores" if seconds else ""
        return f"compiling {what}{about}, once: later runs load them from the cache"

    def on_start(self, event):
        with self.lock:
            self.depth += 1
            if self.started is None:
                self.started = time.perf_counter()
                self.thread = threading.Thread(target=self._watch, daemon=True)
                self.thread.start()
            self.wake.notify_all()

    def on_end(self, event):
        with self.lock:
            self.depth -= 1
            self.wake.notify_all()

    def hurry(self, game, play):
        """A question starts (``Plan.run``): name it, and print at the next build."""
        with self.lock:
            if not self.printed:
                self.game = game or self.game
                self.play = play or self.play
            self.delay = 0.0
            self.wake.notify_all()

    def _print(self):
        self.printed = True
        print(self.line(), file=self.stream, flush=True)

    def _watch(self):
        """Print the line once a build has lasted ``delay``; then, on a terminal, spin."""
        shown = False
        i = 0
        with self.lock:
            busy_since = time.perf_counter()
            while not self.stop:
                now = time.perf_counter()
                if self.depth <= 0:
                    busy_since = None
                elif busy_since is None:
                    busy_since = now
                if not self.printed and busy_since is not None and now - busy_since >= self.delay:
                    self._print()
                if self.printed and not self.tty:
                    return
                if self.printed and self.depth > 0:
                    i += 1
                    self.stream.write(f"\r{self.SPIN[i % 4]} compiling… {now - self.started:.0f} s ")
                    self.stream.flush()
                    shown = True
                elif shown:
                    self.stream.write("\r" + " " * 24 + "\r")
                    self.stream.flush()
                    shown = False
                self.wake.wait(0.2)
            if shown:
                self.stream.write("\r" + " " * 24 + "\r")
                self.stream.flush()

    def close(self):
        with self.lock:
            self.stop = True
            self.wake.notify_all()
        if self.thread is not None:
            self.thread.join()


# The notice of the question under way: a context variable, so that the worker threads of
# its run (``sim.executor`` runs each chunk in a copy of the submitting context) count as
# its own, and a build another job's thread makes at the same time is not announced here.
_ACTIVE = contextvars.ContextVar("analyzer_compile_notice", default=None)
CLI_DELAY = 2.0     # seconds of building before the CLI's outer notice speaks


@contextlib.contextmanager
def announce(game: str | None = None, play: str | None = None, stream=None, delay: float = 0.0):
    """While the block runs, a kernel numba must build prints one line on ``stream``
    (stderr) saying what is being compiled and about how long it takes (once it has been
    building for ``delay`` seconds), and a terminal shows a spinner during the builds.
    Nothing is printed when every kernel comes from the cache.  A nested use (the
    question's inside the CLI's) names the game and play model and prints at once."""
    outer = _ACTIVE.get()
    if outer is not None:
        outer.hurry(game, play)
        yield outer
        return
    from numba.core import event as ev
    notice = _Notice(game, play, stream or sys.stderr, delay)
    token = _ACTIVE.set(notice)

    def mine(handler):
        # numba's listeners hear every thread's builds: keep this run's own
        return lambda event: handler(event) if _ACTIVE.get() is notice else None

    try:
        with ev.install_listener("numba:compile", _Listener(mine(notice.on_start), mine(notice.on_end))):
            yield notice
    finally:
        _ACTIVE.reset(token)
        notice.close()


# ----------------------------------------------------------------------------- profiles
# Each game's first question (the README's), as command-line arguments.
QUESTIONS = {g.name: list(g.first) for g in registry.GAMES.values()}
# The play models each game's first question has.
PLAYS = {g.name: g.plays for g in registry.GAMES.values()}
TITLES = registry.titles()
SOLVER = "solver"       # warm's name for the double-dummy solver, built first
# The module that runs a command line under a Recorder (the command line's side: this
# module imports no front end).
PROFILER = "analyzer.cli.profile"


def game_and_play(argv: list[str]) -> tuple[str | None, str | None]:
    """(game title, play model) of an ``analyzer`` command line, for ``announce``."""
    words = [a for a in argv if not a.startswith("-")]
    game = next((TITLES[w] for w in words[:2] if w in TITLES), None)
    play = "heuristic"
    for i, a in enumerate(argv):
        if a == "--play" and i + 1 < len(argv):
            play = argv[i + 1]
        elif a.startswith("--play="):
            play = a.split("=", 1)[1]
    return game, play


def warm_argv(game: str, play: str) -> list[str]:
    """The command line ``warm`` runs to build ``game``'s kernels for ``play``: its first
    question on a few deals (the kernels do not depend on the count), with one example
    (``--examples``: the replay kernels that show a deal, built too)."""
    argv = QUESTIONS[game] + ["--deals", "4", "--threads", "1", "--examples", "1", "--json"]
    if play != "heuristic":
        argv += ["--play", play]
    if play == "pimc":
        argv += ["--worlds", "2"]
    return argv


def build_solver() -> None:
    """Build (or load) the double-dummy solver every game's dd and pimc kernels call."""
    from .tricks.dd import search
    search._solve_kernel.compile(search._SOLVE_SIG)


def profile_in_subprocess(argv: list[str], env=None, cwd=None) -> dict:
    """``analyzer.cli.profile`` (a command line run under a ``Recorder``) in a fresh Python process (its own numba state; ``env`` and
    ``cwd`` for it); the JSON as a dict, with the process's wall seconds (``process_wall``)
    and its ``stderr`` when it failed."""
    import json
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "profile.json")
        # its own folder for the run's ledger (two builds of one command at once would share one)
        env = dict(os.environ if env is None else env, ANALYZER_CACHE=os.path.join(tmp, "analyzer"))
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", PROFILER, out, *argv], env=env, cwd=cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t0
        if not os.path.exists(out):
            return {"argv": argv, "status": done.returncode or 1, "wall": 0.0, "compiling": 0.0, "built": [],
                    "stderr": done.stderr.strip(), "process_wall": wall}
        with open(out) as f:
            result = json.load(f)
        result["process_wall"] = wall
        if result["status"]:
            result["stderr"] = done.stderr.strip()
        return result


def warm(games=None, plays=None, jobs: int = 1, report=None) -> list[dict]:
    """Build the kernels of each game's first question for each play model ahead, in
    fresh processes, ``jobs`` at a time; the solver first when a dd or pimc model is
    asked (every game's dd and pimc kernels call it; building it once saves the others
    building it side by side).  ``report(name, result)`` is called as each finishes.
    Returns the results (the profiler's JSON) in the order finished."""
    from concurrent.futures import ThreadPoolExecutor, as_completed

    games = list(games or QUESTIONS)
    plays = list(plays or ["heuristic"])
    results = []

    def run(name, argv):
        result = profile_in_subprocess(argv)
        result["name"] = name
        if report is not None:
            report(name, result)
        results.append(result)

    if any(p != "heuristic" for p in plays) and any(set(plays) & set(PLAYS[g][1:]) for g in games):
        run(SOLVER, [SOLVER])
    tasks = [(f"{g} {p}", warm_argv(g, p)) for g in games for p in plays if p in PLAYS[g]]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        for future in as_completed([pool.submit(run, name, argv) for name, argv in tasks]):
            future.result()
    return results

