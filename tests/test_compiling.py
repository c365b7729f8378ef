"""Compile only what a question uses, once, and say so: what numba builds for a heuristic
question (no solver), the first-run line, and the cache stamps (``analyzer.cache``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer import cache
from analyzer.compiling import PROFILER, QUESTIONS, game_and_play, warm_argv

ROOT = Path(cache.__file__).resolve().parent
EUCHRE = QUESTIONS["euchre"] + ["--deals", "200", "--threads", "1", "--json"]
SOLVER_OR_PIMC = ("tricks.dd.", "tricks.pimc.", ".pimc.", ".dd.", "survey_dd")


def _kernel_modules(root: Path) -> list[str]:
    names = []
    for path in sorted(root.rglob("*.py")):
        if "@njit" in path.read_text():
            parts = (cache.PACKAGE,) + path.relative_to(root).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _profile(tmp_path, name, argv, cache_dir):
    out = tmp_path / f"{name}.json"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache_dir))
    done = subprocess.run([sys.executable, "-m", PROFILER, str(out), *argv], env=env,
                          capture_output=True, text=True, timeout=900)
    assert out.exists(), done.stderr
    return json.loads(out.read_text()), done


@pytest.fixture(scope="module")
def cold_and_warm(tmp_path_factory):
    """Euchre's first question in a fresh process with an empty cache, then again."""
    tmp = tmp_path_factory.mktemp("compile")
    cache_dir = tmp / "numba"
    cold = _profile(tmp, "cold", EUCHRE, cache_dir)
    warm = _profile(tmp, "warm", EUCHRE, cache_dir)
    return cold, warm


def test_a_heuristic_question_builds_no_solver(cold_and_warm):
    (cold, done), _ = cold_and_warm
    assert cold["status"] == 0, done.stderr
    built = [row["kernel"] for row in cold["built"]]
    assert "games.euchre.play.question_chunk" in built and "games.euchre.play.play_tricks" in built
    assert not [k for k in built if any(s in k for s in SOLVER_OR_PIMC)], built
    # every build is one version: no per-constant copies
    assert all(row["versions"] == 1 for row in cold["built"] if row["kernel"].startswith("games.")), cold["built"]


def test_the_first_run_says_it_compiles_and_a_warm_run_does_not(cold_and_warm):
    (cold, cold_done), (warm, warm_done) = cold_and_warm
    lines = [ln for ln in cold_done.stderr.splitlines() if ln.startswith("compiling ")]
    assert len(lines) == 1, cold_done.stderr
    assert "Euchre kernels for heuristic play" in lines[0] and "about" in lines[0]
    assert warm["status"] == 0 and warm["built"] == [] and warm["compiling"] == 0
    assert "compiling" not in warm_done.stderr
    # the same answer from the cold and the warm process
    assert json.loads(cold_done.stdout) == json.loads(warm_done.stdout)


def test_the_cli_line_names_the_game_and_model():
    assert game_and_play(["500", "bid", "JK JH", "--play", "dd"]) == ("Five Hundred", "dd")
    assert game_and_play(["report", "euchre", "--play=pimc"]) == ("Euchre", "pimc")
    assert game_and_play(["solve", "x"]) == (None, "heuristic")
    assert warm_argv("euchre", "pimc")[-4:] == ["--play", "pimc", "--worlds", "2"]
    assert "--play" not in warm_argv("rummy500", "heuristic")
    assert warm_argv("five-hundred", "dd")[warm_argv("five-hundred", "dd").index("--examples") + 1] == "1"


def test_kernel_stamps_ignore_the_cli_reports_tests_and_docstrings(tmp_path):
    """Edit, in a copy of the package, the CLI, a report, a question module's Python code
    and a kernel module's docstrings and comments: every kernel module's stamp stays.
    Edit a kernel's code: the stamps of the modules depending on it change, others stay."""
    root = tmp_path / cache.PACKAGE
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("__pycache__"))
    modules = _kernel_modules(root)
    assert len(modules) > 30
    before = {m: cache.source_stamp(m, root) for m in modules}
    for rel in ("cli/main.py", "report/build.py", "compiling.py", "sim/runner.py"):
        with open(root / rel, "a") as f:
            f.write("\n\ndef _an_edit():\n    return 1\n")
    play = root / "games" / "euchre" / "play.py"
    text = play.read_text()
    text = text.replace('"""Finish the auction', '"""Finish (an edited docstring) the auction', 1)
    play.write_text("# a new first line\n" + text)
    assert {m: cache.source_stamp(m, root) for m in modules} == before

    heuristic = root / "tricks" / "heuristic.py"
    heuristic.write_text(heuristic.read_text() + "\nAN_EDIT = 1\n")
    after = {m: cache.source_stamp(m, root) for m in modules}
    changed = {m for m in modules if after[m] != before[m]}
    assert "analyzer.tricks.heuristic" in changed and "analyzer.games.euchre.play" in changed
    assert "analyzer.games.rummy500.melds" not in changed and "analyzer.sim.rng" not in changed
    # a table built at import from another module's code (Sheepshead's card masks, from
    # ``cards``) counts as a dependency of the kernels that read it
    cards = root / "cards.py"
    cards.write_text(cards.read_text() + "\nAN_EDIT = 2\n")
    assert cache.source_stamp("analyzer.games.sheepshead.play", root) != after["analyzer.games.sheepshead.play"]


def test_the_locator_serves_only_the_package_and_its_tests(tmp_path):
    from analyzer.games.euchre.play import play_tricks
    from analyzer.sim.rng import mix64

    loc = cache.KernelLocator.from_function(play_tricks.py_func, play_tricks.py_func.__code__.co_filename)
    assert loc.get_source_stamp() == cache.source_stamp("analyzer.games.euchre.play")
    assert loc.get_cache_path().startswith(cache.cache_root())
    assert loc.get_source_stamp() != cache.KernelLocator.from_function(
        mix64.py_func, mix64.py_func.__code__.co_filename).get_source_stamp()

    def elsewhere():
        return 1
    elsewhere.__module__ = "somebody_else"
    assert cache.KernelLocator.from_function(elsewhere, str(tmp_path / "elsewhere.py")) is None
    assert cache.KernelLocator.from_function(elsewhere, __file__) is not None


def test_a_test_kernel_is_stamped_by_the_package_modules_it_imports(tmp_path):
    # numba's own stamp is the test file alone: a test kernel calling a changed package
    # decision would keep its stale machine code and pass here while failing on a clean clone
    from tests.test_five_hundred_strength import mixed_play_out

    path = Path(mixed_play_out.py_func.__code__.co_filename)
    loc = cache.KernelLocator.from_function(mixed_play_out.py_func, str(path))
    assert loc is not None and loc.get_cache_path().startswith(cache.cache_root())
    assert "analyzer.games.five_hundred.play" in cache._imported_modules(path)
    assert loc.get_source_stamp() == cache.file_stamp(path)
    root = tmp_path / cache.PACKAGE
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("__pycache__"))
    before = cache.file_stamp(path, root)
    (root / "cli" / "main.py").write_text((root / "cli" / "main.py").read_text() + "\nAN_EDIT = 1\n")
    assert cache.file_stamp(path, root) == before
    heuristic = root / "tricks" / "heuristic.py"     # read by five_hundred.play's kernels
    heuristic.write_text(heuristic.read_text() + "\nAN_EDIT = 1\n")
    assert cache.file_stamp(path, root) != before


def test_warm_builds_ahead_and_reports_each_build():
    """``analyzer warm GAME``: each build in its own process, one line each, exit 0;
    a second run finds everything built.  Bad input: one line, exit 2."""
    cmd = [sys.executable, "-m", "analyzer.cli.main", "warm"]
    first = subprocess.run(cmd + ["rummy500"], capture_output=True, text=True, timeout=900)
    assert first.returncode == 0, first.stderr
    again = subprocess.run(cmd + ["rummy500"], capture_output=True, text=True, timeout=900)
    lines = again.stdout.splitlines()
    assert again.returncode == 0 and lines[0].startswith("rummy500 heuristic") and "already built" in lines[0]
    assert lines[-1].startswith("done: 1 of 1 builds")
    # the question with its examples (deals replayed one by one) then builds nothing more
    from analyzer.compiling import profile_in_subprocess
    shown = profile_in_subprocess(QUESTIONS["rummy500"] + ["--deals", "300", "--examples", "2", "--json"])
    assert shown["status"] == 0 and shown["built"] == [], shown
    bad = subprocess.run(cmd + ["--jobs", "0"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--jobs" in bad.stderr


def test_a_build_another_run_makes_at_the_same_time_is_not_announced_here():
    """Two questions at once (the page's jobs, each in its own thread): numba tells every
    listener of every build, but a notice counts only its own run's builds, those of its
    thread and of the worker threads that run its chunks."""
    import threading

    from numba import njit

    from analyzer.compiling import announce
    from analyzer.sim.executor import ThreadExecutor
    from analyzer.sim.runner import ChunkBounds

    other = {}
    started, done = threading.Event(), threading.Event()

    def idle_job():
        with announce("Euchre", "heuristic", stream=open(os.devnull, "w")) as notice:
            other["notice"] = notice
            started.set()
            done.wait(60)

    job = threading.Thread(target=idle_job)
    job.start()
    started.wait(60)

    @njit
    def plus_one(x):
        return x + 1

    try:
        with announce("Five Hundred", "dd", stream=open(os.devnull, "w")) as mine:
            # built in a worker thread of this run's executor
            ThreadExecutor().run(lambda start, n: plus_one(start), iter(range(2)), ChunkBounds(2, 1),
                                 lambda i, v: None, 2)
            assert mine.started is not None
    finally:
        done.set()
        job.join()
    assert other["notice"].started is None, "the other job's notice heard this run's build"
