"""Finished chunks on disk, so a stopped run can be resumed (``--resume``).

A command that runs the runner gets a ledger folder keyed by what it was asked: the
command, its parameters and the code version (a hash of the package's sources).  Each
``run_chunks`` inside it is the next *run* of that ledger (a command may run several: a
table built first, then the question); each finished chunk's statistics are written as
``run-R/chunk-I.npy`` the moment it is absorbed (a temporary file, then ``os.replace``:
a crash leaves no half-written chunk).  A resumed command finds the same key, reads every
stored chunk of each run, and computes only the rest; a finished command removes its
ledger.  One stopped run is kept per command: a ``--resume`` whose parameters or code
differ from the stored key is refused in one line rather than mixed with old chunks.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..errors import InputError

_CHUNK = re.compile(r"chunk-(\d+)\.npy")


@lru_cache(maxsize=None)
def code_version() -> str:
    """A hash of every source file of the package: chunks of other code are never used."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def ledger_root() -> str:
    from ..games.five_hundred.equity import cache_dir
    return os.path.join(cache_dir(), "runs")


class Ledger:
    """The stored chunks of one command (``key``: a JSON-able dict of its parameters)."""

    def __init__(self, name: str, key: dict, resume: bool, root: str | None = None):
        self.folder = os.path.join(root or ledger_root(), re.sub(r"[^A-Za-z0-9_.-]+", "-", name))
        self.key = dict(key, code=code_version())
        self.resume = resume
        self._runs = 0
        os.makedirs(os.path.dirname(self.folder), exist_ok=True)
        holder = _take_lock(self.folder + ".lock")
        self._lock = self.folder + ".lock"
        if holder is not None:
            # the same command is running in another process: this one keeps its chunks
            # apart (resumable only while that one runs: the usual folder is that one's)
            if resume:
                raise InputError(f"--resume: `{name}` is running now in process {holder}; wait for it or stop it")
            self.folder = f"{self.folder}.{os.getpid()}"
            self._lock = None
        key_path = os.path.join(self.folder, "key.json")
        stored = None
        if os.path.exists(key_path):
            try:
                with open(key_path) as fh:
                    stored = json.load(fh)
            except (OSError, ValueError):
                stored = None
        if resume:
            if stored is None:
                raise InputError(f"--resume: no stopped run of `{name}` to resume (run it without --resume)")
            if stored != self.key:
                diff = sorted(k for k in set(stored) | set(self.key) if stored.get(k) != self.key.get(k))
                raise InputError(f"--resume: the stopped run of `{name}` was asked with other parameters or code "
                                 f"({', '.join(diff)} differ); rerun without --resume to start over")
        else:
            shutil.rmtree(self.folder, ignore_errors=True)
            os.makedirs(self.folder, exist_ok=True)
            _atomic_write(key_path, json.dumps(self.key, sort_keys=True).encode())

    def next_run(self, n_deals: int, chunk_size: int) -> "RunLedger":
        self._runs += 1
        return RunLedger(os.path.join(self.folder, f"run-{self._runs}"), n_deals, chunk_size, self.resume)

    def finish(self):
        """The command finished: its chunks are no longer needed."""
        shutil.rmtree(self.folder, ignore_errors=True)
        self.release()

    def release(self):
        """Let another process take this command's ledger (its chunks stay)."""
        if self._lock is not None:
            try:
                os.unlink(self._lock)
            except OSError:
                pass
            self._lock = None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _take_lock(path: str) -> int | None:
    """Take the lock file ``path`` for this process; the pid of another live process that
    holds it, else None (a stale lock of a stopped process is taken over)."""
    for _ in range(3):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            try:
                with open(path) as fh:
                    pid = int(fh.read().strip() or 0)
            except (OSError, ValueError):
                pid = 0
            if pid and pid != os.getpid() and _alive(pid):
                return pid
            try:
                os.unlink(path)            # stale: its process is gone
            except OSError:
                pass
            continue
        with os.fdopen(fd, "w") as fh:
            fh.write(str(os.getpid()))
        return None
    return None


class RunLedger:
    """The chunks of one ``run_chunks`` call."""

    def __init__(self, folder: str, n_deals: int, chunk_size: int, resume: bool):
        self.folder = folder
        meta = {"deals": int(n_deals), "chunk_size": int(chunk_size)}
        meta_path = os.path.join(folder, "run.json")
        if resume and os.path.exists(meta_path):
            with open(meta_path) as fh:
                if json.load(fh) != meta:
                    raise InputError("--resume: the stopped run was split into other chunks; rerun without "
                                     "--resume")
        else:
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder, exist_ok=True)
            _atomic_write(meta_path, json.dumps(meta).encode())

    def stored(self) -> dict[int, np.ndarray]:
        """Every chunk stored so far: index → statistics."""
        out = {}
        for entry in os.scandir(self.folder):
            m = _CHUNK.fullmatch(entry.name)
            if m:
                out[int(m.group(1))] = np.load(entry.path, allow_pickle=False)
        return out

    def record(self, index: int, stats: np.ndarray):
        fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.save(fh, np.asarray(stats), allow_pickle=False)
            os.replace(tmp, os.path.join(self.folder, f"chunk-{index}.npy"))
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise


def _atomic_write(path: str, data: bytes):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ----------------------------------------------------------------------------- the current one
_CURRENT: list = []


def current() -> Ledger | None:
    return _CURRENT[-1] if _CURRENT else None


class using:
    """Every ``run_chunks`` inside stores its chunks in ``ledger`` (removed when the block
    ends normally, kept when it is interrupted or fails)."""

    def __init__(self, ledger: Ledger):
        self.ledger = ledger

    def __enter__(self):
        _CURRENT.append(self.ledger)
        return self.ledger

    def __exit__(self, kind, value, tb):
        _CURRENT.pop()
        if kind is None and not getattr(self.ledger, "interrupted", False):
            self.ledger.finish()
        else:
            self.ledger.release()
        return False
