"""The page's questions as jobs: each runs ``ask.ask`` in its own thread, watched by
``sim.runner.watching`` (progress after each chunk; Cancel stops the run at the next
chunk), and is looked up by its id while it runs and after."""

from __future__ import annotations

import functools
import importlib
import itertools
import os
import re
import sys
import tempfile
import threading
import time
import traceback
import uuid

from .. import ask as asking
from .. import registry
from ..answer import plain
from ..errors import Cancelled, InputError
from .columns import display

KEEP = 200          # finished jobs remembered (the oldest are forgotten first)


class Job:
    """One question asked from the page.  ``status``: starting (nothing run yet: parsing,
    building or loading the kernels), compiling (numba is building kernels), running,
    done, error or cancelled."""

    def __init__(self, game: str, question: str, values: dict, chart_path: str | None):
        self.id = uuid.uuid4().hex[:12]
        self.game, self.question, self.values = game, question, dict(values)
        self.status = "starting"
        self.done = self.total = 0
        self.message = ""
        self.result = None
        self.display = {}        # how the page shows the result (columns.display), made once
        self.error = None
        self.field = None
        self.chart_path = chart_path
        self.chart = False
        self.chart_pending = False
        self.created = time.time()
        self.elapsed = 0.0
        self.cancel_asked = False
        self.version = 0

    @property
    def finished(self) -> bool:
        return self.status in ("done", "error", "cancelled")

    def as_dict(self) -> dict:
        out = {"id": self.id, "game": self.game, "question": self.question, "values": self.values,
               "status": self.status, "done": self.done, "total": self.total, "message": self.message,
               "elapsed": round(self.elapsed if self.finished else time.time() - self.created, 3),
               "version": self.version}
        if self.status == "done":
            out["result"] = self.result
            out["display"] = self.display
            out["chart"] = f"/api/jobs/{self.id}/chart.png" if self.chart else None
            out["chart_pending"] = self.chart_pending
        if self.status == "error":
            out["error"], out["field"] = self.error, self.field
        return out


class _Stream:
    """Where ``compiling.announce`` writes: stderr, and the job's message."""

    def __init__(self, jobs: "Jobs", job: Job):
        self.jobs, self.job = jobs, job

    def write(self, text: str):
        sys.stderr.write(text)
        line = text.strip().strip("\r")
        if line and not line.startswith(("⠋", "|", "/", "-", "\\")):
            self.jobs._update(self.job, status="compiling" if self.job.status == "starting" else self.job.status,
                              message=line)
        return len(text)

    def flush(self):
        sys.stderr.flush()

    def isatty(self):
        return False


class Jobs:
    """Every job of one server, each in its own thread; ``wait`` lets a poll return as
    soon as a job changes."""

    def __init__(self, charts: bool = True):
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._dir = tempfile.TemporaryDirectory(prefix="analyzer-serve-") if charts else None
        self._count = itertools.count()

    def submit(self, game: str, question: str, values: dict) -> Job:
        """Start a job (unknown game, question or option names: ``InputError`` at once)."""
        q = asking.question(game, question)         # the canonical names, or InputError
        game, question = q.game, q.name
        values = {k: v for k, v in (values or {}).items() if v is not None and v != ""}
        asking.check_names(q, values)                # unknown names: InputError now
        has_plot = q.plot is not None
        job = Job(game, question, values, None)
        if has_plot and self._dir is not None:
            job.chart_path = os.path.join(self._dir.name, f"{job.id}.png")
        with self._lock:
            self._jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._run, args=(job,), name=f"analyzer-job-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None and not job.finished:
                job.cancel_asked = True
                job.message = "cancelling…"
                job.version += 1
                self._changed.notify_all()
            return job

    def wait(self, job_id: str, since: int, timeout: float) -> Job | None:
        """The job once its version passes ``since`` (or it finished, or ``timeout`` ran out)."""
        deadline = time.monotonic() + max(0.0, min(timeout, 30.0))
        with self._lock:
            while True:
                job = self._jobs.get(job_id)
                if job is None or job.version > since:
                    return job
                left = deadline - time.monotonic()
                if left <= 0:
                    return job
                self._changed.wait(left)

    def list(self) -> list[Job]:
        with self._lock:
            return list(self._jobs.values())

    # -------------------------------------------------------------------------------------

    def _update(self, job: Job, **changes):
        with self._lock:
            for k, v in changes.items():
                setattr(job, k, v)
            job.version += 1
            self._changed.notify_all()

    def _forget_old(self):
        finished = [j for j in self._jobs.values() if j.finished]
        for j in sorted(finished, key=lambda j: j.created)[:max(0, len(finished) - KEEP)]:
            self._jobs.pop(j.id, None)
            if j.chart_path and os.path.exists(j.chart_path):
                os.remove(j.chart_path)

    def _watch(self, job: Job):
        def watch(done, total):
            if job.cancel_asked:
                return False
            self._update(job, status="running", done=int(done), total=int(total),
                         message="" if job.status != "running" else job.message)
            return not job.cancel_asked
        return watch

    def _run(self, job: Job):
        from ..compiling import TITLES, announce
        from ..sim.runner import watching
        start = time.perf_counter()
        try:
            play = job.values.get("play") or _default(job.game, job.question, "play")
            _defer_charts()
            _DEFER.calls = []
            try:
                with announce(TITLES.get(job.game), play, stream=_Stream(self, job)), watching(self._watch(job)):
                    answer = asking.ask(job.game, job.question, job.values, plot=job.chart_path)
            finally:
                charts, _DEFER.calls = _DEFER.calls, None
            result = plain(answer.to_json_dict() if hasattr(answer, "to_json_dict") else answer)
            self._update(job, status="done", result=result, display=display(result), chart_pending=bool(charts),
                         message="", elapsed=time.perf_counter() - start, done=job.total or job.done)
            if charts:
                self._draw(job, charts)
        except Cancelled:
            self._update(job, status="cancelled", message="cancelled", elapsed=time.perf_counter() - start)
        except InputError as err:
            message = str(err)
            self._update(job, status="error", error=message, message="",
                         field=field_of(message, job.game, job.question, job.values),
                         elapsed=time.perf_counter() - start)
        except Exception as err:          # a bug: say so on the page and keep the trace on stderr
            traceback.print_exc()
            self._update(job, status="error", error=f"internal error: {type(err).__name__}: {err}",
                         message="", field=None, elapsed=time.perf_counter() - start)


    def _draw(self, job: Job, charts):
        """The chart the command drew before printing, drawn once the answer is out."""
        try:
            for fn, args, kwargs in charts:
                fn(*args, **kwargs)
            ok = bool(job.chart_path and os.path.exists(job.chart_path))
        except Exception:
            traceback.print_exc()
            ok = False
        self._update(job, chart=ok, chart_pending=False)


# The charts of a job are drawn after its answer is published (a chart takes about 0.3 s,
# which the answer need not wait for): in a job thread the game modules' plot_* functions
# only note their call.  Elsewhere (the command line, reports) they draw as always.
_DEFER = threading.local()
_DEFER_LOCK = threading.Lock()
_DEFERRED: list[str] = []
CHART_MODULES = tuple(g.namespace for g in registry.GAMES.values())     # analyzer.report.<namespace>


def _defer_charts():
    with _DEFER_LOCK:
        if _DEFERRED:
            return
        for name in CHART_MODULES:
            module = importlib.import_module(f"analyzer.report.{name}")
            for attr, fn in list(vars(module).items()):
                if attr.startswith("plot_") and callable(fn) and not hasattr(fn, "_drawn_later"):
                    setattr(module, attr, _later(fn))
                    _DEFERRED.append(f"{name}.{attr}")


def _later(fn):
    @functools.wraps(fn)
    def plot(*args, **kwargs):
        calls = getattr(_DEFER, "calls", None)
        if calls is None:
            return fn(*args, **kwargs)
        calls.append((fn, args, kwargs))
    plot._drawn_later = True
    return plot


def _default(game: str, question: str, name: str):
    for o in asking.describe(game, question):
        if o.name == name:
            return o.default if isinstance(o.default, (str, int, float)) else None
    return None


_FLAG = re.compile(r"(--[a-z][a-z0-9-]*)")
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")


def field_of(message: str, game: str, question: str, values: dict) -> str | None:
    """Which option a command-line message is about: the flag it names (``--deals``), the
    argument (``'HAND'``), the option it calls by name ("in the hand"), or the one field
    holding the word it quotes (an unknown card); None when it cannot be told."""
    try:
        options = asking.describe(game, question)
    except InputError:
        return None
    by_flag = {o.flag: o.name for o in options if o.flag}
    for flag in _FLAG.findall(message):
        if flag in by_flag:
            return by_flag[flag]
    for o in options:
        if o.kind == "argument" and re.search(rf"'{o.name.upper()}'|\b{o.name.upper()}\b", message):
            return o.name
    words = [a or b for a, b in _QUOTED.findall(message)]
    words += re.findall(r"\b([0-9TJQKA]{1,2}[SHDC♠♥♦♣]|JK)\b", message)
    for word in words:
        holders = [k for k, v in values.items() if _holds(v, word)]
        if len(holders) == 1:
            return holders[0]
    lower = message.lower()
    for o in options:
        spoken = o.name.replace("_", " ").rstrip(" ")
        if o.name in values and re.search(rf"\b(the|your|in|of) {re.escape(spoken)}\b", lower):
            return o.name
    return None


def _holds(value, word: str) -> bool:
    word = word.strip().upper()
    if not word:
        return False
    items = value if isinstance(value, (list, tuple)) else [value]
    for item in items:
        text = str(item).upper()
        if re.search(rf"(?<![A-Z0-9]){re.escape(word)}(?![A-Z0-9])", text):
            return True
    return False
