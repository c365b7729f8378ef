"""Chunked experiment runner: fixed-size chunks, local threads, progress, interruption.

A chunk is ``chunk_fn(start, n) -> numpy array`` of sufficient statistics (integer
counts and sums) for deals ``start..start+n-1``.  Chunks are merged by addition, which is
associative and exact for integers, so the result is the same whatever the number of
threads or the order in which chunks finish.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

CHUNK_SIZE = 8192


@dataclass
class RunResult:
    stats: np.ndarray
    n_done: int
    n_requested: int
    elapsed: float
    interrupted: bool = False
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

    ``skip``/``initial``: chunk indices already done and their merged statistics (resume).
    ``on_chunk(index, stats)`` is called in the main thread after each chunk (checkpoints).
    Ctrl-C stops after the chunks under way and returns what finished (``interrupted``).
    """
    threads = threads or default_threads()
    bounds = ChunkBounds(n_deals, chunk_size or CHUNK_SIZE)
    skip = skip or set()
    todo = (i for i in range(len(bounds)) if i not in skip)
    total = None if initial is None else initial.copy()
    done_chunks = sorted(skip)
    n_done = sum(bounds[i][1] for i in skip)
    bar = _progress_bar(n_deals, desc, progress)
    if bar is not None and n_done:
        bar.update(n_done)
    t0 = time.perf_counter()
    interrupted = False

    def absorb(index, stats):
        nonlocal total, n_done
        # Build the new totals first, then assign both: a Ctrl-C between statements
        # must not leave counts and deals out of step.
        new_total = stats.copy() if total is None else total + stats
        total, n_done = new_total, n_done + bounds[index][1]
        done_chunks.append(index)
        if bar is not None:
            bar.update(bounds[index][1])
        if on_chunk is not None:
            on_chunk(index, stats)

    try:
        if threads == 1:
            for i in todo:
                absorb(i, chunk_fn(*bounds[i]))
        else:
            with ThreadPoolExecutor(max_workers=threads) as pool:
                pending = {}
                queue = todo
                try:
                    for i in queue:
                        pending[pool.submit(chunk_fn, *bounds[i])] = i
                        if len(pending) >= 2 * threads:
                            break
                    while pending:
                        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                        for fut in finished:
                            absorb(pending.pop(fut), fut.result())
                        for i in queue:
                            pending[pool.submit(chunk_fn, *bounds[i])] = i
                            if len(pending) >= 2 * threads:
                                break
                except KeyboardInterrupt:
                    interrupted = True
                    for fut in pending:
                        fut.cancel()
                    for fut, i in list(pending.items()):
                        if not fut.cancelled():
                            absorb(i, fut.result())
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    if total is None:
        total = chunk_fn(0, 0)
    return RunResult(total, n_done, n_deals, time.perf_counter() - t0, interrupted,
                     sorted(done_chunks))
