"""A test helper: run a question module's chunks at a given size and record which ran."""

from analyzer.sim import runner

_run_chunks = runner.run_chunks   # the original, whatever a test patches

def record_chunks(monkeypatch, module, chunk_size: int) -> list:
    """Make the runner (as ``module`` and ``analyzer.sim.question`` call it) use
    ``chunk_size``; returns the list that will receive every (start, n) chunk actually run."""
    chunks = []

    def run_chunks(chunk_fn, n_deals, **kw):
        def counted(start, n):
            chunks.append((start, n))
            return chunk_fn(start, n)
        kw.pop("chunk_size", None)
        return _run_chunks(counted, n_deals, chunk_size=chunk_size, **kw)

    monkeypatch.setattr(runner, "run_chunks", run_chunks)
    if hasattr(module, "run_chunks"):
        monkeypatch.setattr(module, "run_chunks", run_chunks)
    return chunks

def all_chunks(n_deals: int, chunk_size: int) -> list:
    """Every (start, n) chunk of a run, in order."""
    bounds = runner.ChunkBounds(n_deals, chunk_size)
    return [bounds[i] for i in range(len(bounds))]
