"""Chunked experiment runner: fixed-size chunks, progress, interruption, resumption.

A chunk is ``chunk_fn(start, n) -> numpy array`` of sufficient statistics (integer
counts and sums) for deals ``start..start+n-1``.  Chunks are merged by addition, which is
associative and exact for integers, so the result is the same whatever the number of
threads or the order in which chunks finish.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
import time
from dataclasses import dataclass, field

import numpy as np

CHUNK_SIZE = 8192

# Whoever watches the runs of this thread (``watching``): called as watch(done, total)
# after each chunk; returning False stops the run (``errors.Cancelled``).
_WATCH = contextvars.ContextVar("analyzer_run_watch", default=None)


@contextlib.contextmanager
def watching(watch):
    """Inside the block, every run of this thread reports its progress to
    ``watch(deals done, deals asked)`` after each finished chunk, and stops with
    ``errors.Cancelled`` when it returns False (the web page's progress bar and Cancel)."""
    token = _WATCH.set(watch)
    try:
        yield
    finally:
        _WATCH.reset(token)


@dataclass
class RunResult:
    stats: np.ndarray
    n_done: int
    n_requested: int
    elapsed: float
    chunks_done: list[int] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.n_done == self.n_requested


def default_threads() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class ChunkBounds:
    """(start, size) of chunk i, computed on demand: memory does not grow with the deals."""

    def __init__(self, n_deals: int, chunk_size: int):
        self.n_deals, self.chunk_size = n_deals, chunk_size

    def __len__(self):
        return -(-self.n_deals // self.chunk_size)

    def __getitem__(self, i):
        start = i * self.chunk_size
        return start, min(self.chunk_size, self.n_deals - start)


def _progress_bar(total: int, desc: str, enabled: bool):
    if not enabled:
        return None
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit="deal", unit_scale=True, delay=0.5,
                file=sys.stderr, leave=False, dynamic_ncols=True)


def run_chunks(chunk_fn, n_deals: int, *, threads: int | None = None,
               chunk_size: int | None = None, progress: bool = False, desc: str = "",
               skip: set[int] | None = None, initial: np.ndarray | None = None,
               on_chunk=None) -> RunResult:
    """Run ``chunk_fn`` over all chunks of ``n_deals`` deals and add up the statistics.

    The chunks run where the command under way says (``executor.using``: local threads by
    default, or a Dask cluster), and inside a ``ledger.using`` block each finished chunk
    is stored as it finishes and a resumed command computes only the chunks not stored.
    ``skip``/``initial``: chunk indices already done and their merged statistics (a
    report's own checkpoint; then the ledger is not used).  ``on_chunk(index, stats)`` is
    called in the main thread after each chunk (checkpoints).  Ctrl-C stops after the
    chunks under way and raises ``errors.Interrupted`` (what finished is stored in the
    ledger, and is the exception's ``result``): an interrupted run never answers from
    part of its deals.
    """
    from ..errors import Cancelled, Interrupted
    from . import executor as executors
    from . import ledger as ledgers
    threads = threads or default_threads()
    chunk_size = chunk_size or CHUNK_SIZE
    bounds = ChunkBounds(n_deals, chunk_size)
    led = ledgers.current() if skip is None else None
    run_ledger = led.next_run(n_deals, chunk_size) if led is not None else None
    if run_ledger is not None and led.resume:
        stored = run_ledger.stored()
        if stored:
            skip = set(stored)
            for i in sorted(stored):
                initial = stored[i].copy() if initial is None else initial + stored[i]
    skip = skip or set()
    todo = (i for i in range(len(bounds)) if i not in skip)
    total = None if initial is None else initial.copy()
    done_chunks = sorted(skip)
    n_done = sum(bounds[i][1] for i in skip)
    bar = _progress_bar(n_deals, desc, progress)
    if bar is not None and n_done:
        bar.update(n_done)
    watch = _WATCH.get()
    t0 = time.perf_counter()
    interrupted = False

    def absorb(index, stats):
        nonlocal total, n_done
        if run_ledger is not None:
            run_ledger.record(index, stats)
        # Build the new totals first, then assign both: a Ctrl-C between statements
        # must not leave counts and deals out of step.
        new_total = stats.copy() if total is None else total + stats
        total, n_done = new_total, n_done + bounds[index][1]
        done_chunks.append(index)
        if bar is not None:
            bar.update(bounds[index][1])
        if on_chunk is not None:
            on_chunk(index, stats)
        if watch is not None and watch(n_done, n_deals) is False:
            raise Cancelled(f"stopped after {n_done:,} of {n_deals:,} deals")

    executor = executors.current() or executors.ThreadExecutor()
    try:
        executor.run(chunk_fn, todo, bounds, absorb, threads)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    if total is None:
        total = chunk_fn(0, 0)
    result = RunResult(total, n_done, n_deals, time.perf_counter() - t0, sorted(done_chunks))
    if interrupted:
        if led is not None:
            led.interrupted = True
        raise Interrupted(f"stopped after {n_done:,} of {n_deals:,} deals; rerun with --resume to continue",
                          result)
    return result
