"""``analyzer report GAME``: a chunked, resumable survey run turned into a report folder."""

from __future__ import annotations

import datetime as _dt
import importlib
import json
import os
import platform
import time
from dataclasses import dataclass

import numpy as np

from .. import __version__, registry
from ..errors import InputError, Interrupted
from .writer import MIN_CELL, ReportWriter

CHECKPOINT = ".checkpoint.npz"
CHECKPOINT_DD = ".checkpoint-dd.npz"
# What run a report folder holds: {"params": ..., "finished": bool}, written when a run
# starts and again when its report is written (so a finished report is never replaced,
# nor resumed with other parameters, by accident).
RUN_FILE = ".report.json"
# The finished chunks of the sections after the surveys (play models, auction, equity):
# a ``sim.ledger`` folder inside the report's folder, removed when the report is written.
SECTIONS = ".sections"
CHECKPOINT_EVERY = 5.0  # seconds


@dataclass(frozen=True)
class GameReport:
    title: str
    description: str          # what one simulated deal is
    run: callable             # run_survey(deals, seed, threads, progress, on_chunk, skip, initial)
    build: callable           # build(flat, writer, min_deals)
    tables: dict              # name -> table(flat, by) for `analyzer table`
    default_table: str
    breakdowns: tuple         # names --by accepts for the default table
    default_by: tuple = ("trumps", "top_trumps", "side_aces")   # --by when not given
    # Double-dummy section (where the game has the solver): a second, smaller survey of
    # the same deal indices, and a builder given (dd_flat, heuristic_flat, writer, min_deals).
    dd_run: callable = None
    dd_build: callable = None
    dd_deals: int = 0         # default sample for the dd section
    dd_description: str = ""
    table_by: dict = None     # table name -> its --by when not given (else default_by)
    # A last section that runs its own short simulations (not checkpointed):
    # extra(writer, deals, seed, threads, progress) -> the preamble's line on it.
    extra: callable = None
    # The play models compared on the same deals (heuristic, single-dummy, double-dummy):
    # pimc(writer, deals, seed, threads, progress) -> the preamble's line; not checkpointed.
    pimc: callable = None
    pimc_deals: int = 0       # default sample for it
    players: int | None = None  # Five Hundred's table size (None: a game without --players)


def survey_runner(run_survey):
    """GameReport.run for a survey module's ``run_survey``."""
    return lambda deals, seed, threads, progress, on_chunk, skip, initial: run_survey(
        deals, seed, threads, progress, on_chunk=on_chunk, skip=skip, initial=initial)


# Each game's report is specified beside its sections, in ``report/<game>.py``
# (``report_spec(players)``), so that a change to one game's report is that game's
# (``stamp``): this file holds only what every report shares; the games are the registry's.
def _spec_loader(module: str):
    def load(players: int | None = None) -> GameReport:
        return importlib.import_module(f".{module}", __package__).report_spec(players)
    return load


GAMES = {g.name: _spec_loader(g.namespace) for g in registry.GAMES.values()}


def game_report(game: str, players: int | None = None) -> GameReport:
    """The report of ``game`` (``players``: a table size the game's report offers, None its
    default)."""
    key = registry.canonical(game)
    if key is None:
        raise InputError(f"no report for game {game!r} (available: {', '.join(GAMES)})")
    if players is not None and not registry.GAMES[key].report_players:
        raise InputError(f"--players is for {registry.report_players_text()}; the {key} report covers its own "
                         "table sizes")
    return GAMES[key]() if players is None else GAMES[key](players)


def _checkpointed(run, deals, seed, threads, progress, resume, ckpt_path, params):
    """Run one survey with a checkpoint file: saved every few seconds and on Ctrl-C,
    continued with ``resume``, removed by the caller once the report is written."""
    skip, initial = set(), None
    if resume and os.path.exists(ckpt_path):
        with np.load(ckpt_path) as ck:
            saved = json.loads(str(ck["params"]))
            if saved != params:
                raise InputError(f"the checkpoint {os.path.basename(ckpt_path)} is for {saved}, "
                                 f"not {params}; rerun with --force instead of --resume to start over")
            skip, initial = set(ck["chunks"].tolist()), ck["stats"].copy()
    state = {"stats": initial, "chunks": sorted(skip), "saved": time.monotonic()}

    def save():
        if state["stats"] is None:
            return
        tmp = ckpt_path + ".tmp.npz"
        np.savez(tmp, stats=state["stats"], chunks=np.array(state["chunks"], np.int64),
                 params=json.dumps(params))
        os.replace(tmp, ckpt_path)
        state["saved"] = time.monotonic()

    def on_chunk(index, stats):
        # one update of both: a Ctrl-C between two statements would save them out of step
        state.update(stats=stats.copy() if state["stats"] is None else state["stats"] + stats,
                     chunks=state["chunks"] + [index])
        if time.monotonic() - state["saved"] > CHECKPOINT_EVERY:
            save()

    t0 = time.perf_counter()
    try:
        result = run(deals, seed, threads, progress, on_chunk, skip, initial)
    except (KeyboardInterrupt, Interrupted) as err:
        save()
        done = getattr(err, "result", None)
        where = f"after {done.n_done:,} of {deals:,} deals" if done is not None else f"in a run of {deals:,} deals"
        raise Interrupted(f"stopped {where}; rerun with --resume to continue") from None
    save()   # whole: a stop in a later section resumes without running this one again
    return result, time.perf_counter() - t0, bool(skip)


def _describe(params: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in params.items() if k != "version" and v is not None)


def _read_run(out: str) -> dict | None:
    try:
        with open(os.path.join(out, RUN_FILE), encoding="utf-8") as fh:
            stored = json.load(fh)
        return stored if isinstance(stored, dict) and isinstance(stored.get("params"), dict) else None
    except (OSError, ValueError):
        return None


def _write_run(out: str, params: dict, finished: bool):
    path = os.path.join(out, RUN_FILE)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"params": params, "finished": finished}, fh, indent=1)
    os.replace(tmp, path)


def check_folder(out: str, run: dict, resume: bool, force: bool):
    """Refuse (``InputError``, one line) to replace what the folder ``out`` already holds
    (a finished report or a stopped run) unless ``force``; with ``resume``, refuse when
    there is nothing to resume or the stored run was asked with other parameters
    (naming them)."""
    if resume and force:
        raise InputError("choose one of --resume and --force")
    stored = _read_run(out)
    checkpoints = [p for p in (CHECKPOINT, CHECKPOINT_DD) if os.path.exists(os.path.join(out, p))]
    has_readme = os.path.exists(os.path.join(out, "README.md"))
    if resume:
        if stored is None:
            why = ("it holds a finished report" if has_readme and not checkpoints else
                   "no stopped run there" if not checkpoints else None)
            if why:
                raise InputError(f"nothing to resume in {out}: {why}")
            return   # a stopped run of an older version, without RUN_FILE: its checkpoint says
        if stored["params"] != run:
            theirs, ours = stored["params"], run
            diff = [f"{k} {theirs.get(k, '–')} there, {ours.get(k, '–')} asked"
                    for k in list(ours) + [k for k in theirs if k not in ours] if theirs.get(k) != ours.get(k)]
            what = "finished report" if stored.get("finished") else "stopped run"
            raise InputError(f"cannot resume in {out}: its {what} has other parameters ({'; '.join(diff)})")
        if stored.get("finished"):
            raise InputError(f"nothing to resume in {out}: its report ({_describe(run)}) is finished; "
                             f"--force writes it again")
        return
    if force:
        for p in checkpoints:
            os.remove(os.path.join(out, p))
        return
    if stored is not None and not stored.get("finished"):
        raise InputError(f"{out} holds a stopped run ({_describe(stored['params'])}); "
                         f"--resume continues it, --force starts over")
    if stored is not None or has_readme:
        what = f"a finished report ({_describe(stored['params'])})" if stored else "a report (README.md)"
        raise InputError(f"{out} already holds {what}; --force replaces it")
    if checkpoints:
        raise InputError(f"{out} holds a stopped run; --resume continues it, --force starts over")


def write_report(game: str, deals: int, out: str, seed: int = 0, threads: int | None = None,
                 progress: bool = False, resume: bool = False, command: str = "",
                 dd_deals: int | None = None, pimc_deals: int | None = None, players: int | None = None,
                 force: bool = False) -> dict:
    """Run the game's survey (resumable) and, where the game has a double-dummy section,
    a smaller double-dummy survey (``dd_deals``; None: the game's default; 0: none); then
    write the report folder.  ``players``: Five Hundred's table size (2 to 6).  Returns a
    summary.

    A folder that already holds a report or a stopped run is refused unless ``force``
    (replace it) or, for a stopped run of the same parameters, ``resume`` (continue it);
    a ``resume`` with nothing to resume, or with other parameters, is refused."""
    if deals <= 0:
        raise InputError(f"--deals must be positive, got {deals}")
    spec = game_report(game, players)
    dd_deals = (spec.dd_deals if dd_deals is None else dd_deals) if spec.dd_run else 0
    if dd_deals < 0:
        raise InputError(f"--dd-deals must be 0 or more, got {dd_deals}")
    dd_deals = min(dd_deals, deals)  # the first deals of the same survey
    pimc_deals = (spec.pimc_deals if pimc_deals is None else pimc_deals) if spec.pimc else 0
    if pimc_deals < 0:
        raise InputError(f"--pimc-deals must be 0 or more, got {pimc_deals}")
    pimc_deals = min(pimc_deals, deals)
    paths = [os.path.join(out, CHECKPOINT), os.path.join(out, CHECKPOINT_DD)]
    params = {"game": registry.canonical(game), "deals": deals, "seed": seed, "version": __version__}
    if spec.players not in (None, 4):
        params["players"] = spec.players
    run = {"game": registry.canonical(game), "players": spec.players, "deals": deals, "seed": seed,
           "dd_deals": dd_deals, "pimc_deals": pimc_deals, "version": __version__}
    check_folder(out, run, resume, force)
    os.makedirs(out, exist_ok=True)
    _write_run(out, run, finished=False)
    try:
        return _write_report(spec, game, deals, out, seed, threads, progress, resume, command, dd_deals,
                             pimc_deals, paths, params, run)
    except KeyboardInterrupt:
        raise Interrupted("stopped between two runs (their finished chunks are kept); "
                          "rerun with --resume to continue") from None


def _write_report(spec, game, deals, out, seed, threads, progress, resume, command, dd_deals, pimc_deals,
                  paths, params, run) -> dict:
    result, elapsed, resumed = _checkpointed(spec.run, deals, seed, threads, progress, resume,
                                             paths[0], params)
    dd_result, dd_elapsed = None, 0.0
    if dd_deals:
        dd_result, dd_elapsed, dd_resumed = _checkpointed(
            spec.dd_run, dd_deals, seed, threads, progress, resume, paths[1],
            params | {"deals": dd_deals, "play": "dd"})
        resumed = resumed or dd_resumed
    writer = ReportWriter(out)
    spec.build(result.stats, writer, MIN_CELL)
    if dd_result is not None:
        spec.dd_build(dd_result.stats, result.stats, writer, MIN_CELL)
    dd_line = (f"\n- **Double-dummy section:** the first {dd_deals:,} of the same deals, "
               f"solved double-dummy in {dd_elapsed:.1f} s. {spec.dd_description}" if dd_deals else "")
    if pimc_deals or spec.extra is not None:
        # The later sections' runs keep their finished chunks in a ledger inside the folder:
        # a stop there is resumed like the surveys above, never written from part of its deals.
        from ..sim import ledger as ledgers
        held = resume and os.path.exists(os.path.join(out, SECTIONS, "key.json"))
        with ledgers.using(ledgers.Ledger(SECTIONS, run, held, root=out)):
            if pimc_deals:
                dd_line += spec.pimc(writer, pimc_deals, seed, threads, progress)
            if spec.extra is not None:
                dd_line += spec.extra(writer, deals, seed, threads, progress)
    from ..stamp import STAMP_FILE, write_stamp
    code = write_stamp(out, run["game"])
    players_line = f" · **players:** {spec.players}" if spec.players is not None else ""
    cmd = command or (f"analyzer report {game} --deals {deals} --seed {seed} --out {out}"
                      + (f" --players {spec.players}" if spec.players not in (None, 4) else ""))
    preamble = f"""
Generated by `{cmd}`
(analyzer {__version__}, Python {platform.python_version()}, {_dt.date.today().isoformat()}).

- **Deals simulated:** {deals:,} · **seed:** {seed} · **play:** heuristic{players_line}
- **Simulation time:** {elapsed:.1f} s on {result_threads(threads)} thread(s){' (resumed)' if resumed else ''}
- **What a deal is:** {spec.description}{dd_line}
- **Code:** stamp `{code['stamp']}` of the {len(code['files'])} source files that decide these figures
  ([`{STAMP_FILE}`]({STAMP_FILE})); `analyzer report --check {out}` says whether today's code would write them.

How to read it: every probability comes with its 95% Wilson interval (`_lo`, `_hi`
columns) and every expected score with its standard error (`_se`); `deals` is the
number of deals in the cell. Cells with fewer than {MIN_CELL} deals are hatched in the
charts and show their count; they are kept, not hidden. The same command with the same
seed writes the same numbers.
"""
    writer.finish(spec.title, preamble)
    _write_run(out, run, finished=True)
    for path in paths:
        if os.path.exists(path):
            os.remove(path)
    return {"game": game, "players": spec.players, "deals": deals, "seed": seed, "out": out, "elapsed": elapsed,
            "dd_deals": dd_deals, "dd_elapsed": dd_elapsed, "pimc_deals": pimc_deals,
            "files": writer.files + [STAMP_FILE], "stamp": code["stamp"]}


def result_threads(threads):
    from ..sim.runner import default_threads
    return threads or default_threads()


def breakdown_table(game: str, by: list[str] | None, deals: int, seed: int = 0, table: str | None = None,
                    threads: int | None = None, progress: bool = False, players: int | None = None):
    """One table of the game's survey for a chosen breakdown (``analyzer table``)."""
    if deals <= 0:
        raise InputError(f"--deals must be positive, got {deals}")
    spec = game_report(game, players)
    table = table or spec.default_table
    if by is None:
        by = list((spec.table_by or {}).get(table, spec.default_by))
    if table not in spec.tables:
        raise InputError(f"unknown table {table!r} for {game} (choose from {', '.join(spec.tables)})")
    bad = [b for b in by if b not in spec.breakdowns]
    if bad:
        raise InputError(f"unknown breakdown {', '.join(bad)} (choose from {', '.join(spec.breakdowns)})")
    result = spec.run(deals, seed, threads, progress, None, None, None)
    return spec.tables[table](result.stats, by), result
