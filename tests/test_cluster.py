"""Running on a Dask cluster (``sim.executor``) and resuming a stopped run
(``sim.ledger``): the same answers on threads and on a LocalCluster of two worker
processes (a question and a report of every game), a worker killed mid-run, interrupt
and ``--resume`` with the chunk ledger checked, and bad input."""

from __future__ import annotations

import json
import os
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from analyzer.errors import Interrupted  # noqa: E402
from analyzer.sim import executor as executors  # noqa: E402
from analyzer.sim import ledger as ledgers  # noqa: E402
from analyzer.sim.runner import ChunkBounds, run_chunks  # noqa: E402
from tests.cli_run import run_cli  # noqa: E402

HAND_500 = "AH KH QH JH 10H JD AS KS 5C 6C"


@pytest.fixture(scope="module")
def cluster():
    """One LocalCluster of two single-threaded worker processes for the module."""
    ex = executors.DaskExecutor.local(2)
    yield ex
    ex.close()


def on(ex, fn, *args, **kwargs):
    with executors.using(ex, close=False):
        return fn(*args, **kwargs)


def questions():
    from analyzer.games.euchre import questions as euchre
    from analyzer.games.five_hundred import questions as five_hundred
    from analyzer.games.pinochle import questions as pinochle
    from analyzer.games.rummy500 import questions as rummy
    from analyzer.games.sheepshead import questions as sheepshead
    return {
        "five-hundred": lambda t: five_hundred.bid(HAND_500, contract_only=True, deals=30_000, seed=3, threads=t),
        "euchre": lambda t: euchre.order("JH JD AH 9S KC", "9H", players=4, seat=1, deals=3000, seed=2, threads=t),
        "sheepshead": lambda t: sheepshead.pick("QC QS JD AD 7H 8S", seat=3, deals=1500, seed=5, threads=t),
        "pinochle": lambda t: pinochle.bid("AS TS KS QS JS QS JD KD QD 9H AC AC", deals=1500, seed=5, threads=t),
        "rummy500": lambda t: rummy.take("KS KH KD 4C 9D 2H 7S", pile="KC 3D 8C", players=3, deals=600, seed=1,
                                         threads=t),
    }


@pytest.mark.parametrize("game", ["five-hundred", "euchre", "sheepshead", "pinochle", "rummy500"])
def test_question_same_on_threads_and_a_local_cluster(cluster, game):
    ask = questions()[game]
    local = ask(2)
    remote = on(cluster, ask, 2)
    assert json.dumps(local.to_json_dict(), sort_keys=True) == json.dumps(remote.to_json_dict(), sort_keys=True)


@pytest.mark.parametrize("game", ["five-hundred", "euchre", "sheepshead", "pinochle", "rummy500"])
def test_report_tables_same_on_threads_and_a_local_cluster(cluster, game, tmp_path, charts_not_saved,
                                                           small_equity_grid):
    """A report's tables (every CSV) are byte-identical; its README differs only in the
    timings it states."""
    from analyzer.report.build import write_report
    deals = {"rummy500": 1024, "euchre": 1000, "sheepshead": 600}.get(game, 1000)
    kw = dict(seed=1, threads=2, dd_deals=0, pimc_deals=0)
    write_report(game, deals, str(tmp_path / "threads"), **kw)
    on(cluster, write_report, game, deals, str(tmp_path / "dask"), **kw)
    csvs = sorted(f for f in os.listdir(tmp_path / "threads") if f.endswith(".csv"))
    assert csvs and csvs == sorted(f for f in os.listdir(tmp_path / "dask") if f.endswith(".csv"))
    for f in csvs:
        assert (tmp_path / "threads" / f).read_bytes() == (tmp_path / "dask" / f).read_bytes(), f


def _killer(chunk_fn, flag):
    """``chunk_fn``, except that the first worker to finish a chunk dies before returning
    it (once: the flag file says it happened)."""
    def chunk(start, n):
        out = chunk_fn(start, n)
        try:
            fd = os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return out
        os.close(fd)
        os._exit(1)
    return chunk


class KillingExecutor(executors.DaskExecutor):
    def __init__(self, base, flag):
        super().__init__(base.client, None)
        self.flag = flag

    def run(self, chunk_fn, todo, bounds, absorb, threads):
        return super().run(_killer(chunk_fn, self.flag), todo, bounds, absorb, threads)

    def close(self):
        pass


def test_a_worker_killed_mid_run_changes_nothing(cluster, tmp_path):
    from analyzer.games.five_hundred import questions as q
    flag = str(tmp_path / "killed")
    want = q.bid(HAND_500, contract_only=True, deals=40_000, seed=8, threads=2)
    got = on(KillingExecutor(cluster, flag), q.bid, HAND_500, contract_only=True, deals=40_000, seed=8, threads=2)
    assert os.path.exists(flag), "no worker was killed"
    assert json.dumps(want.to_json_dict()) == json.dumps(got.to_json_dict())
    deadline = time.monotonic() + 60
    while len(cluster.client.scheduler_info()["workers"]) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)      # the nanny restarts the worker for the next tests


# ----------------------------------------------------------------------------- resume
def _sums(start, n):
    """A runner-level chunk function: integer statistics of its deals' indices."""
    return np.array([n, sum(range(start, start + n)), 1], np.int64)


def stop_after(monkeypatch, k):
    """Make the ledger raise Ctrl-C right after it stores its ``k``-th chunk; returns the
    list of the chunks stored."""
    real = ledgers.RunLedger.record
    stored = []

    def record(self, index, stats):
        real(self, index, stats)
        stored.append(index)
        if len(stored) == k:
            raise KeyboardInterrupt

    monkeypatch.setattr(ledgers.RunLedger, "record", record)
    return stored


def test_interrupt_and_resume_lose_and_double_no_chunk(tmp_path, monkeypatch):
    """The ledger stores each finished chunk; Ctrl-C after the third; a resumed run
    computes exactly the chunks not stored, and the total is the uninterrupted one."""
    chunk = _sums
    n, size = 50_000, 4096
    want = run_chunks(chunk, n, threads=2, chunk_size=size).stats
    real = ledgers.RunLedger.record
    recorded = stop_after(monkeypatch, 3)
    key = {"q": "sum", "n": n}
    first = ledgers.Ledger("test sum", key, resume=False, root=str(tmp_path))
    with pytest.raises(Interrupted, match="rerun with --resume") as stop, ledgers.using(first):
        run_chunks(chunk, n, threads=1, chunk_size=size)
    part = stop.value.result
    # the third chunk was stored, then Ctrl-C came before it was added to the answer
    assert len(part.chunks_done) == 2 and part.n_done == 2 * size
    stored = sorted(int(f[len("chunk-"):-4]) for f in os.listdir(tmp_path / "test-sum" / "run-1")
                    if f.startswith("chunk-"))
    assert stored == sorted(recorded) == [0, 1, 2]
    monkeypatch.setattr(ledgers.RunLedger, "record", real)
    computed = []

    def counted(start, n_):
        computed.append(start // size)
        return chunk(start, n_)

    again = ledgers.Ledger("test sum", key, resume=True, root=str(tmp_path))
    with ledgers.using(again):
        full = run_chunks(counted, n, threads=2, chunk_size=size)
    assert full.complete and full.n_done == n
    assert sorted(computed + stored) == list(range(len(ChunkBounds(n, size))))
    assert np.array_equal(full.stats, want)
    assert not os.path.exists(tmp_path / "test-sum"), "a finished run keeps no ledger"


def test_resume_with_other_parameters_is_refused(tmp_path):
    from analyzer.errors import InputError
    ledgers.Ledger("q", {"deals": 10}, resume=False, root=str(tmp_path))
    with pytest.raises(InputError, match="deals differ"):
        ledgers.Ledger("q", {"deals": 11}, resume=True, root=str(tmp_path))
    with pytest.raises(InputError, match="no stopped run"):
        ledgers.Ledger("other", {"deals": 10}, resume=True, root=str(tmp_path))


def test_the_same_command_running_twice_keeps_its_chunks_apart(tmp_path):
    """Another live process runs the same command (its lock names a live pid: our parent):
    this one stores its chunks in a folder of its own, and a --resume is refused while the
    other runs; once its process is gone, its lock is stale and taken over."""
    from analyzer.errors import InputError
    lock = tmp_path / "q.lock"
    lock.write_text(str(os.getppid()))
    other = ledgers.Ledger("q", {"deals": 10}, resume=False, root=str(tmp_path))
    assert other.folder.endswith(f"q.{os.getpid()}") and lock.read_text() == str(os.getppid())
    with ledgers.using(other):
        run_chunks(_sums, 100, threads=1, chunk_size=50)
    assert not os.path.exists(other.folder) and lock.exists()
    with pytest.raises(InputError, match="running now in process"):
        ledgers.Ledger("q", {"deals": 10}, resume=True, root=str(tmp_path))
    lock.write_text("999999999")                     # no such process: a stale lock
    mine = ledgers.Ledger("q", {"deals": 10}, resume=False, root=str(tmp_path))
    assert mine.folder == str(tmp_path / "q") and lock.read_text() == str(os.getpid())
    mine.finish()
    assert not lock.exists()


def test_cli_resume_after_ctrl_c_gives_the_uninterrupted_answer(capsys, monkeypatch):
    """``500 bid --contract-only``: Ctrl-C after two chunks (exit 130, no answer, the line
    says --resume, the ledger kept), ``--resume`` → the JSON of an uninterrupted run;
    ``--resume`` with other --deals is refused in one line."""
    args = ["500", "bid", HAND_500, "--contract-only", "--deals", "60000", "--seed", "4", "--json"]
    code, whole, err = run_cli(args, capsys)
    assert code == 0, err
    real = ledgers.RunLedger.record
    stop_after(monkeypatch, 2)
    code, out, err = run_cli(args, capsys)
    assert code == 130 and out == "" and "rerun with --resume" in err and err.count("\n") == 1, err
    monkeypatch.setattr(ledgers.RunLedger, "record", real)
    code, out, err = run_cli(args[:-3] + ["--deals", "70000", "--seed", "4", "--json", "--resume"], capsys)
    assert code == 2 and "--resume" in err and err.count("\n") == 1, err
    code, out, err = run_cli(args + ["--resume"], capsys)
    assert code == 0, err
    assert json.loads(out) == json.loads(whole)


def test_cli_on_a_local_cluster_and_bad_input(capsys, monkeypatch):
    args = ["500", "bid", HAND_500, "--contract-only", "--deals", "20000", "--seed", "6", "--json"]
    code, local, err = run_cli(args, capsys)
    assert code == 0, err
    code, remote, err = run_cli(args + ["--cluster", "local:2"], capsys)
    assert code == 0, err
    assert remote == local
    code, out, err = run_cli(args + ["--cluster", "local:0"], capsys)
    assert code == 2 and "local:N" in err and err.count("\n") == 1, err
    monkeypatch.setenv("ANALYZER_CONNECT_TIMEOUT", "2")
    t0 = time.monotonic()
    code, out, err = run_cli(args + ["--scheduler", "tcp://127.0.0.1:9"], capsys)
    assert code == 2 and "cannot reach the Dask scheduler" in err and err.count("\n") == 1, err
    assert time.monotonic() - t0 < 30
    code, out, err = run_cli(args + ["--scheduler", "tcp://127.0.0.1:9", "--cluster", "local:2"], capsys)
    assert code == 2 and "not both" in err


def test_runner_totals_are_the_same_in_any_chunk_order(cluster):
    """The runner-level check behind the others: integer chunk statistics merged on the
    cluster equal the threads' total, whatever order the chunks finish in."""
    def chunk(start, n):
        time.sleep(0.001 * ((start // 1000) % 3))
        return np.array([n, start, start * start % 1_000_003], np.int64)
    want = run_chunks(chunk, 30_000, threads=2, chunk_size=1000).stats
    for task_deals in (1000, 7000):          # one chunk a task; seven
        ex = executors.DaskExecutor(cluster.client, None, task_deals=task_deals)
        got = on(ex, run_chunks, chunk, 30_000, threads=2, chunk_size=1000).stats
        assert np.array_equal(want, got)


def test_tasks_carry_runs_of_consecutive_chunks():
    batches = list(executors._batches(iter([0, 1, 2, 3, 4, 6, 7, 9]), 3))
    assert batches == [[0, 1, 2], [3, 4], [6, 7], [9]]
    assert list(executors._batches(iter([]), 3)) == []
    assert list(executors._batches(iter(range(5)), 1)) == [[0], [1], [2], [3], [4]]


def test_cli_on_a_remote_scheduler(capsys, tmp_path):
    """The issue's own set-up: ``dask scheduler`` and ``dask worker`` started as separate
    processes, the command given ``--scheduler ADDRESS`` -- the same JSON as on threads."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    info = tmp_path / "scheduler.json"
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        address = None
        while address is None and time.monotonic() < deadline:
            try:                 # the file appears before the scheduler has written it
                address = json.loads(info.read_text())["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.2)
        assert address, "the scheduler wrote no address in 60 s"
        procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                       "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        args = ["500", "bid", HAND_500, "--contract-only", "--deals", "20000", "--seed", "9", "--json"]
        code, local, err = run_cli(args, capsys)
        assert code == 0, err
        code, remote, err = run_cli(args + ["--scheduler", address], capsys)
        assert code == 0, err
        assert remote == local
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
