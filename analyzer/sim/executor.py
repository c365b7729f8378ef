"""Where chunks run: local threads (the default) or a Dask cluster.

``runner.run_chunks`` hands an executor the chunk function and the chunks to do; the
executor calls ``absorb(index, stats)`` in the calling thread as each one finishes, so
merging, progress, checkpoints and Ctrl-C are the runner's, the same everywhere.  Games
and questions never see an executor: a command picks one (``using``), every run inside it
goes there.

- ``ThreadExecutor``: a pool of threads in this process (numba kernels release the GIL).
- ``DaskExecutor``: ``dask.distributed`` (the optional extra ``pip install -e
  '.[dask]'``), a scheduler's address or a LocalCluster of worker processes.  The chunk
  function -- a closure holding the question's read-only arrays -- is pickled once
  (``dumps``: read-only arrays stay read-only, so the kernels' types are the client's)
  and sent once, as the result of a task that every chunk task depends on (workers pass
  it to each other, and if every copy dies with its workers the scheduler computes it
  again; scattered data would be lost).  Each task ships only its tag and the
  ``(start, n)`` of its chunks: consecutive ones, up to ``TASK_DEALS`` deals and at least
  four tasks a worker thread, since the scheduler's cost is per task.  A worker unpickles
  the function on its first task of the run and loads the compiled kernels from numba's
  disk cache once.  At most ``2 x workers`` tasks are in flight, so the client's memory
  does not grow with the deals.  A worker that dies takes its chunks with it and the
  scheduler runs them again elsewhere: a chunk is a pure function of (seed, start, n),
  so the answer is unchanged.

Chunk statistics are integers merged by addition: the same total whatever the executor,
the number of workers or the order in which chunks finish.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

from ..errors import Cancelled, InputError

CONNECT_TIMEOUT = 10.0         # seconds to reach a scheduler before giving up
TASK_DEALS = 262_144           # deals a Dask task carries at most (consecutive chunks of the runner's size)


class ThreadExecutor:
    """Chunks on ``threads`` local threads (``None``: the run's own count)."""

    name = "threads"

    def __init__(self, threads: int | None = None):
        self.threads = threads

    def workers(self, threads: int) -> int:
        return self.threads or threads

    def run(self, chunk_fn, todo, bounds, absorb, threads: int):
        """Run chunks ``todo`` (an iterator of indices) and ``absorb`` each result; on
        Ctrl-C cancel what is queued, absorb what is under way, and re-raise."""
        threads = self.workers(threads)
        if threads == 1:
            for i in todo:
                absorb(i, chunk_fn(*bounds[i]))
            return
        with ThreadPoolExecutor(max_workers=threads) as pool:
            pending = {}
            try:
                # each chunk in a copy of this thread's context: what the run's context
                # variables say (the compile notice of its question) holds in the workers too
                def submit(i):
                    return pool.submit(contextvars.copy_context().run, chunk_fn, *bounds[i])

                _fill(pending, todo, submit, 2 * threads)
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in finished:
                        absorb(pending.pop(fut), fut.result())
                    _fill(pending, todo, submit, 2 * threads)
            except KeyboardInterrupt:
                for fut in pending:
                    fut.cancel()
                for fut, i in list(pending.items()):
                    if not fut.cancelled():
                        absorb(i, fut.result())
                raise
            except Cancelled:
                for fut in pending:
                    fut.cancel()
                raise

    def close(self):
        pass


def _batches(todo, size):
    """The indices of ``todo`` in lists of up to ``size`` consecutive ones."""
    batch = []
    for i in todo:
        if batch and (len(batch) == size or i != batch[-1] + 1):
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch


def _fill(pending, todo, submit, window):
    while len(pending) < window:
        i = next(todo, None)
        if i is None:
            return
        pending[submit(i)] = i


_LOADED: dict = {}             # on a worker: run tag -> its chunk function, unpickled once


def _payload(data: bytes) -> bytes:
    return data


def _call_chunks(tag, payload, spans):
    """A task on a worker: the run's chunk function (unpickled on the worker's first task
    of the run, then kept) on each ``(start, n)`` of ``spans``, in order."""
    fn = _LOADED.get(tag)
    if fn is None:
        import pickle
        fn = pickle.loads(payload)
        if len(_LOADED) >= 4:
            _LOADED.clear()
        _LOADED[tag] = fn
    return [fn(start, n) for start, n in spans]


def _readonly(array):
    array.flags.writeable = False
    return array


def _module_attr(module, name):
    import importlib
    return getattr(importlib.import_module(module), name)


def dumps(chunk_fn) -> bytes:
    """The chunk function, pickled by value (cloudpickle) so that a worker runs the same
    compiled kernels as the client: every read-only array stays read-only (numba types a
    read-only array apart from a writeable one: a worker given the other kind would
    compile every kernel again for it), and a kernel of a module goes by reference (the
    worker's own copy, loaded once from numba's cache and kept), not as a new dispatcher
    rebuilt from its Python source."""
    import io
    import sys

    import cloudpickle
    import numpy as np
    from numba.core.dispatcher import Dispatcher

    class Pickler(cloudpickle.Pickler):
        def reducer_override(self, obj):
            if isinstance(obj, np.ndarray) and not obj.flags.writeable:
                return _readonly, (np.array(obj),)
            if isinstance(obj, Dispatcher):
                module, name = getattr(obj.py_func, "__module__", None), obj.py_func.__name__
                if module in sys.modules and getattr(sys.modules[module], name, None) is obj:
                    return _module_attr, (module, name)
            return super().reducer_override(obj)

    buf = io.BytesIO()
    Pickler(buf, protocol=5).dump(chunk_fn)
    return buf.getvalue()


class DaskExecutor:
    """Chunks on a Dask cluster: ``DaskExecutor.connect(address)`` or ``.local(n)``.
    ``task_deals``: at most how many deals a task carries (``TASK_DEALS``)."""

    name = "dask"

    def __init__(self, client, cluster=None, task_deals: int = TASK_DEALS):
        self.client = client
        self.cluster = cluster
        self.task_deals = task_deals
        self.address = client.scheduler.address if client.scheduler else None
        self._runs = 0

    @classmethod
    def connect(cls, address: str, timeout: float | None = None) -> "DaskExecutor":
        """The cluster of the scheduler at ``address``; InputError when it cannot be reached
        within ``timeout`` seconds ($ANALYZER_CONNECT_TIMEOUT, else CONNECT_TIMEOUT)."""
        if timeout is None:
            timeout = float(os.environ.get("ANALYZER_CONNECT_TIMEOUT", CONNECT_TIMEOUT))
        distributed = _import_distributed()
        try:
            client = distributed.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise InputError(f"cannot reach the Dask scheduler at {address} within {timeout:g} s "
                             f"({type(err).__name__})") from None
        return cls(client)

    @classmethod
    def local(cls, n_workers: int, threads_per_worker: int = 1) -> "DaskExecutor":
        if n_workers < 1:
            raise InputError(f"--cluster local:N needs N >= 1 workers, not {n_workers}")
        distributed = _import_distributed()
        cluster = distributed.LocalCluster(n_workers=n_workers, threads_per_worker=threads_per_worker,
                                           processes=True, dashboard_address=None, silence_logs=40)
        return cls(distributed.Client(cluster, set_as_default=False), cluster)

    def workers(self, threads: int) -> int:
        info = self.client.scheduler_info()
        return max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))

    def run(self, chunk_fn, todo, bounds, absorb, threads: int):
        """As ``ThreadExecutor.run``; each task carries consecutive chunks, up to
        ``task_deals`` deals and at least four tasks a worker thread (the scheduling
        overhead is per task; the chunks, and so the answer, stay the runner's); every
        chunk of a finished task is absorbed."""
        from distributed import as_completed
        self._runs += 1
        workers = self.workers(threads)
        window = 2 * workers
        # a short run still spreads over every worker
        per_task = max(1, min(self.task_deals // max(1, bounds.chunk_size), len(bounds) // (4 * workers)))
        tasks = _batches(todo, per_task)
        tag = f"{os.getpid()}-{id(self)}-{self._runs}-{time.monotonic_ns()}"
        # The pickled function is a task's result, not scattered data: a worker that dies
        # holding the only copy (Dask's memory manager drops copies no queued task needs)
        # then costs a recomputation from the scheduler's copy, not the run.
        fn = self.client.submit(_payload, dumps(chunk_fn), key=f"analyzer-function-{tag}", pure=False)
        pending = {}

        def submit(indices):
            return self.client.submit(_call_chunks, tag, fn, [bounds[i] for i in indices],
                                      key=f"analyzer-chunks-{tag}-{indices[0]}", pure=False)

        def take(fut):
            for i, stats in zip(pending.pop(fut), fut.result()):
                absorb(i, stats)

        try:
            _fill(pending, tasks, submit, window)
            if not pending:
                return
            done = as_completed(list(pending), loop=self.client.loop)
            for fut in done:
                take(fut)
                before = set(pending)
                _fill(pending, tasks, submit, window)
                for new in pending:
                    if new not in before:
                        done.add(new)
        except KeyboardInterrupt:
            for fut in list(pending):
                if fut.status == "finished":
                    take(fut)
            self.client.cancel(list(pending))
            raise
        finally:
            self.client.cancel([fn])

    def close(self):
        with contextlib.suppress(Exception):
            self.client.close()
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                self.cluster.close()


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise InputError("running on a Dask cluster needs dask.distributed: pip install -e '.[dask]'") from None
    return distributed


def parse_cluster(text: str) -> int:
    """``--cluster local`` or ``local:N`` → N workers (default: the machine's cores)."""
    from .runner import default_threads
    text = (text or "").strip()
    if text == "local":
        return default_threads()
    if text.startswith("local:"):
        try:
            n = int(text[len("local:"):])
        except ValueError:
            n = -1
        if n >= 1:
            return n
        raise InputError(f"--cluster local:N needs a whole number N >= 1 of workers, not {text!r}")
    raise InputError(f"--cluster takes local or local:N (a LocalCluster of N worker processes), not {text!r}")


# ----------------------------------------------------------------------------- the current one
_CURRENT: list = []


def current():
    """The executor of the command under way (a ThreadExecutor when none was chosen)."""
    return _CURRENT[-1] if _CURRENT else None


@contextlib.contextmanager
def using(executor, close: bool = True):
    """Every ``run_chunks`` inside runs on ``executor`` (closed on the way out unless
    ``close`` is False: a notebook's or a test's cluster kept for more runs)::

        with using(DaskExecutor.local(2)):
            answer = five_hundred.questions.bid(hand, deals=10_000_000)
    """
    _CURRENT.append(executor)
    try:
        yield executor
    finally:
        _CURRENT.pop()
        if close:
            executor.close()


def from_options(scheduler: str | None, cluster: str | None):
    """The executor ``--scheduler`` / ``ANALYZER_SCHEDULER`` / ``--cluster`` ask for, or
    None (local threads)."""
    if scheduler and cluster:
        raise InputError("give --scheduler or --cluster, not both")
    if cluster:
        return DaskExecutor.local(parse_cluster(cluster))
    scheduler = scheduler or os.environ.get("ANALYZER_SCHEDULER") or None
    if scheduler:
        return DaskExecutor.connect(scheduler)
    return None
