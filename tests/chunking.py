"""A test helper: run a question module's chunks at a given size and record which ran."""

from functools import partial

from analyzer.sim import runner


def record_chunks(monkeypatch, module, chunk_size: int) -> list:
    """Make ``module.run_chunks`` use ``chunk_size``; returns the list that will receive
    every (start, n) chunk actually run."""
    chunks = []

    def run_chunks(chunk_fn, n_deals, **kw):
        def counted(start, n):
            chunks.append((start, n))
            return chunk_fn(start, n)
        return runner.run_chunks(counted, n_deals, **kw)

    monkeypatch.setattr(module, "run_chunks", partial(run_chunks, chunk_size=chunk_size))
    return chunks


def all_chunks(n_deals: int, chunk_size: int) -> list:
    """Every (start, n) chunk of a run, in order."""
    bounds = runner.ChunkBounds(n_deals, chunk_size)
    return [bounds[i] for i in range(len(bounds))]
