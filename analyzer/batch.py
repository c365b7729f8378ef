"""Batch runs: one question a row of a CSV or JSON-lines file, answered into one table.

``run("questions.csv", "answers.csv")`` asks every row through ``analyzer.ask`` (the
command's own code: same checks, same words, same answers as ``analyzer GAME QUESTION``
with the same options and seed) and writes one CSV or Parquet file (by the suffix of
``out``) with a row per option of each answer.  ``analyzer batch`` is this function.

The input: columns ``game`` and ``question`` (``question`` may be left empty for
``match``), then the question's options by their Python names as
``analyzer.ask.describe(game, question)`` gives them (``hand``, ``auction``, ``seat``,
``deals``, ``seed``, ``play``, ``rules``, ``contract_only`` as yes/no, ...).  An empty cell
(or a missing or null JSON key) is an option not given.  In CSV several ``rules`` are
separated by ``;``; in JSON lines they may be a list.

The output, a row per row of the answer's table: ``row`` (the line number of the
question in the input), ``game``, ``question`` (their full names), the input's other
columns as given (text), the answer table's columns, ``best`` (True on the recommended
row), ``tie`` (True when the best is not measurably ahead of the next best, for the
questions that say so: ``verdict``; empty for the others) and ``recommendation``.  A
question answered by a record (``500 score``, ``pinochle meld``) is one row of the record's fields (nested lists and dicts as JSON
text).  An answer column named like an input column is written ``answer_NAME``.

Safety: the answers are rewritten atomically (a temporary file, then a rename) at most
every ``SAVE_EVERY`` seconds and at the end, with a sidecar ``OUT.batch.json`` (the
input's SHA-256, the rows done and the bad ones).  ``out`` already holding answers is
refused unless ``force`` (start over) or ``resume`` (ask only the rows not in ``out``;
refused if the input changed since).  Ctrl-C stops after the row under way (a second
Ctrl-C stops it at once, dropping that row) and keeps every finished row.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import math
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

import pandas as pd

from . import registry
from .answer import plain
from .errors import InputError, Interrupted

RESERVED = ("row", "game", "question")
TAIL = ("best", "tie", "recommendation")
INPUT_SUFFIXES = (".csv", ".jsonl", ".ndjson", ".json")
OUTPUT_SUFFIXES = (".csv", ".parquet")
SAVE_EVERY = 2.0   # seconds between rewrites of the answers file (and always at the end)


@dataclass
class Question:
    """One row of the input: its line number, game, question and options as given."""
    line: int
    game: str
    question: str
    values: dict


@dataclass
class Summary:
    """What ``run`` did: ``total`` questions in the input, ``answered`` (in ``out``, including
    those of an earlier run continued with ``resume``), ``earlier`` (of them, from that
    earlier run), ``bad`` (line number -> the one-line reason), ``interrupted`` (stopped by
    Ctrl-C before the end), ``out``, ``elapsed`` seconds."""
    total: int
    answered: int
    earlier: int = 0
    bad: dict = field(default_factory=dict)
    interrupted: bool = False
    out: str = ""
    elapsed: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.bad and not self.interrupted and self.answered == self.total

    def line(self) -> str:
        """The one-line summary the command prints last."""
        text = f"answered {self.answered} of {self.total} rows"
        if self.earlier:
            text += f" ({self.earlier} in the earlier run)"
        if self.bad:
            n = len(self.bad)
            text += f"; {n} bad row{'s' if n != 1 else ''}: line{'s' if n != 1 else ''} " + \
                    ", ".join(str(k) for k in sorted(self.bad))
        if self.interrupted:
            text += f"; interrupted: the answered rows are kept in {self.out}; rerun with --resume to answer the rest"
        return text


# --------------------------------------------------------------------------- reading

def read_questions(path: str) -> tuple[list[Question], list[str], dict]:
    """The questions of a CSV or JSON-lines file, the input's option columns in order, and
    the lines that could not be read at all (line -> reason).  A file that cannot be read
    or has no ``game`` column raises ``InputError``."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in INPUT_SUFFIXES:
        raise InputError(f"the questions file needs a .csv or .jsonl name, got {path!r}")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    if suffix == ".csv":
        return _read_csv(text, path)
    return _read_jsonl(text, path)


def _cell(v) -> str | None:
    if v is None:
        return None
    s = str(v).strip()
    return s or None


def _read_csv(text: str, path: str):
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(f"{path} is empty") from None
    except csv.Error as err:
        raise InputError(f"{path}: not CSV ({err})") from None
    header = [h.strip() for h in header]
    if "game" not in header:
        raise InputError(f"{path}: no 'game' column (the header is {', '.join(header) or 'empty'})")
    dupes = sorted({h for h in header if header.count(h) > 1 and h})
    if dupes:
        raise InputError(f"{path}: column {', '.join(dupes)} appears twice")
    columns = [h for h in header if h and h not in ("game", "question")]
    rows, bad = [], {}
    last = reader.line_num
    while True:
        start = last + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as err:
            bad[start] = f"not CSV ({err})"
            last = reader.line_num
            continue
        last = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header):
            bad[start] = f"{len(cells)} cells, the header has {len(header)}"
            continue
        rec = dict(zip(header, cells))
        values = {k: rec[k] for k in columns if k in rec and _cell(rec[k]) is not None}
        rows.append(Question(start, _cell(rec.get("game")) or "", _cell(rec.get("question")) or "", values))
    return rows, columns, bad


def _read_jsonl(text: str, path: str):
    rows, bad, columns = [], {}, []
    seen_any = False
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        seen_any = True
        try:
            rec = json.loads(raw)
        except ValueError as err:
            bad[number] = f"not JSON ({err.msg})"
            continue
        if not isinstance(rec, dict):
            bad[number] = "not a JSON object"
            continue
        for k in rec:
            if k not in ("game", "question") and k not in columns:
                columns.append(k)
        values = {k: v for k, v in rec.items()
                  if k not in ("game", "question") and v is not None and v != "" and v != []}
        rows.append(Question(number, _cell(rec.get("game")) or "", _cell(rec.get("question")) or "", values))
    if not seen_any:
        raise InputError(f"{path} is empty")
    if not rows:
        raise InputError(f"{path}: no line is a JSON object (line {min(bad)}: {bad[min(bad)]})")
    return rows, columns, bad


def _as_given(v) -> str:
    """An input value as the output's text: a list as the CSV's ``;``-separated form."""
    if isinstance(v, (list, tuple)) and all(not isinstance(x, (list, dict)) for x in v):
        return ";".join(str(x) for x in v)
    if isinstance(v, (list, dict)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


# --------------------------------------------------------------------------- asking

def _canonical(game: str, question: str) -> tuple[str, str]:
    from . import ask
    g = registry.canonical(game) or str(game).strip().lower()
    q = str(question).strip().lower() or (g if (g, g) in ask.questions() else "")
    if not g:
        raise InputError("no game given")
    if not q:
        raise InputError(f"no question given for {g}")
    return g, q


def _ask(game, question, values):
    """``analyzer.ask.ask`` (a seam for the tests)."""
    from . import ask
    return ask.ask(game, question, values)


def _plain(v):
    """A cell: ``answer.plain``'s value, lists and records as JSON text."""
    v = plain(v)
    if isinstance(v, (list, dict)):
        return json.dumps(v, ensure_ascii=False)
    return v


def answer_rows(q: Question, game: str, question: str, answer, input_columns) -> list[dict]:
    """The output rows of one answer (an ``Answer`` or a record dict)."""
    base = {"row": q.line, "game": game, "question": question}
    for k in input_columns:
        if k in q.values:
            base[k] = _as_given(q.values[k])
    taken = set(RESERVED) | set(input_columns) | set(TAIL)

    def name(col):
        return f"answer_{col}" if col in taken else col

    if isinstance(answer, dict):
        rec = dict(base)
        for k, v in answer.items():
            rec[name(k)] = _plain(v)
        rec["best"], rec["tie"], rec["recommendation"] = None, None, None
        return [rec]
    out = []
    table = answer.table
    best_col = next((c for c in ("action", "card", "option", "choice") if c in table.columns), table.columns[0])
    for rec0 in table.to_dict(orient="records"):
        rec = dict(base)
        for k, v in rec0.items():
            rec[name(k)] = _plain(v)
        rec["best"] = str(answer.best) in (str(rec0.get(best_col)), _row_name(rec0, best_col))
        rec["tie"] = answer.meta.get("tie")      # verdict.lead: the best not measurably ahead
        rec["recommendation"] = answer.recommendation
        out.append(rec)
    return out


def _row_name(rec0: dict, best_col: str) -> str:
    """A row named as answers name their best when the action alone does not say it:
    the action, then the bid and the trump where the table has them ("bid 250 S")."""
    parts = []
    for col in (best_col, "bid", "trump"):
        v = rec0.get(col)
        if v is not None and not (isinstance(v, float) and v != v) and str(v) not in ("<NA>", "nan"):
            parts.append(str(v))
    return " ".join(parts)


# --------------------------------------------------------------------------- writing

def sidecar_path(out: str) -> str:
    return out + ".batch.json"


def _atomic(path: str, write):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=os.path.splitext(path)[1], dir=folder)
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())      # mkstemp makes it private; the answers are not
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _frame(records: list[dict], input_columns: list[str], first: list[str] | None = None) -> pd.DataFrame:
    """The output table: rows by input line, columns row, game, question, the input's,
    the answers' (first seen first), best, tie, recommendation."""
    records = sorted(records, key=lambda r: r["row"])
    cols = list(RESERVED) + list(input_columns)
    seen = set(cols) | set(TAIL)
    for c in (first or []):
        if c not in seen:
            cols.append(c)
            seen.add(c)
    for rec in records:
        for c in rec:
            if c not in seen:
                cols.append(c)
                seen.add(c)
    cols += list(TAIL)
    df = pd.DataFrame.from_records(records, columns=cols)
    df["row"] = df["row"].astype("int64")
    return df


def _for_parquet(df: pd.DataFrame) -> pd.DataFrame:
    """Object columns mixing types (the same column name meaning a number in one game's
    answer and a word in another's) become text, which Parquet can hold."""
    df = df.copy()
    for c in df.columns:
        if df[c].dtype == object:
            kinds = {type(v) for v in df[c] if v is not None and not (isinstance(v, float) and math.isnan(v))}
            if len(kinds) > 1 or (kinds and not kinds <= {str, bool, int, float}):
                df[c] = [None if v is None or (isinstance(v, float) and math.isnan(v)) else str(v) for v in df[c]]
    return df


def write_answers(records, out: str, input_columns, first=None):
    df = _frame(records, input_columns, first)
    if out.lower().endswith(".parquet"):
        _atomic(out, lambda p: _for_parquet(df).to_parquet(p, index=False))
    else:
        _atomic(out, lambda p: df.to_csv(p, index=False))


def read_answers(out: str) -> tuple[list[dict], list[str]]:
    """The rows of an earlier run's answers file (and its columns in order)."""
    if out.lower().endswith(".parquet"):
        df = pd.read_parquet(out)
    else:
        df = pd.read_csv(out, dtype=str, keep_default_na=False)
    cols = list(df.columns)
    records = []
    for rec in df.to_dict(orient="records"):
        clean = {k: _plain(v) for k, v in rec.items() if not (v is None or v == "" or (isinstance(v, float) and math.isnan(v)))}
        clean["row"] = int(clean["row"])
        records.append(clean)
    return records, cols


def _write_sidecar(out: str, state: dict):
    _atomic(sidecar_path(out), lambda p: open(p, "w", encoding="utf-8").write(json.dumps(state, indent=1)))


def _read_sidecar(out: str) -> dict | None:
    try:
        with open(sidecar_path(out), encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return {}


def check_out(out: str):
    """``out`` is a .csv or .parquet name in a folder that can be written (else InputError)."""
    if not str(out).lower().endswith(OUTPUT_SUFFIXES):
        raise InputError(f"--out needs a .csv or .parquet file name, got {out!r}")
    if os.path.isdir(out):
        raise InputError(f"--out: {out!r} is a folder")
    from .paths import check_writable
    check_writable(out, "--out")


# --------------------------------------------------------------------------- Ctrl-C

class _Stopper:
    """In the main thread: the first Ctrl-C asks to stop after the row under way, a second
    one stops at once (KeyboardInterrupt: the row under way is dropped)."""

    def __init__(self, say):
        self.requested = False
        self.hard = False
        self.say = say
        self.old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            with contextlib.suppress(ValueError):
                self.old = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum, frame):
        if self.requested:
            self.hard = True
            raise KeyboardInterrupt
        self.requested = True
        self.say("stopping after the row under way (Ctrl-C again to stop now)")

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False


# --------------------------------------------------------------------------- the run

def run(path: str, out: str, threads: int | None = None, resume: bool = False, force: bool = False,
        progress: bool | None = None, say=None) -> Summary:
    """Answer every question of the CSV or JSON-lines file ``path`` into ``out`` (.csv or
    .parquet) and return a ``Summary``.

    ``threads``: the worker threads of each question's simulation (default: all cores;
    the rows run one after another and the answers do not depend on it).  ``resume``:
    continue a stopped run into the same ``out`` (only the rows not in it are asked;
    refused if the input changed since).  ``force``: replace the answers ``out`` already
    holds (without it, and without ``resume``, that is refused).  ``progress``: a bar over
    the rows on stderr (default: when stderr is a terminal).  ``say(text)``: where the
    bad rows' lines go (default: stderr).  Bad rows are skipped and listed in
    ``Summary.bad``; bad input for the whole run raises ``InputError``.
    """
    t0 = time.perf_counter()
    out = os.fspath(out)
    if resume and force:
        raise InputError("choose one of --resume and --force")
    check_out(out)
    if os.path.exists(out) and os.path.exists(path) and os.path.samefile(out, path):
        raise InputError(f"--out {out} is the questions file itself")
    rows, input_columns, unreadable = read_questions(os.fspath(path))
    with open(path, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    stored = _read_sidecar(out)
    records, first, earlier_done = [], None, set()
    if resume:
        if stored is None:
            raise InputError(f"nothing to resume in {out}: no batch run stored there ({os.path.basename(sidecar_path(out))})")
        if stored.get("sha256") != digest:
            raise InputError(f"cannot resume into {out}: {path} changed since that run "
                             f"(its SHA-256 differs); use --force to start over")
        if stored.get("finished"):
            raise InputError(f"nothing to resume in {out}: every row of {os.path.basename(str(path))} was asked "
                             f"({len(stored.get('done', []))} answered, {len(stored.get('bad', {}))} bad)")
        if os.path.exists(out):
            try:
                records, first = read_answers(out)
            except Exception as err:  # noqa: BLE001 - any unreadable file: one line
                raise InputError(f"cannot resume into {out}: cannot read it ({err})") from None
            earlier_done = {r["row"] for r in records}
    elif not force and (os.path.exists(out) or stored is not None):
        what = (f"the answers of a batch run of {stored.get('input', '?')}"
                + (" (stopped part-way)" if stored and not stored.get("finished") else "")
                if stored else "a file")
        raise InputError(f"{out} already holds {what}; use --resume to continue it or --force to replace it")
    elif force:
        with contextlib.suppress(FileNotFoundError):
            os.remove(sidecar_path(out))

    say = say or (lambda text: print(text, file=sys.stderr, flush=True))
    show = sys.stderr.isatty() if progress is None else progress
    total = len(rows) + len(unreadable)
    bad = dict(unreadable)
    state = {"input": os.path.basename(str(path)), "sha256": digest, "rows": total,
             "done": sorted(earlier_done), "bad": {}, "finished": False}
    todo = [q for q in rows if q.line not in earlier_done]

    bar = None
    if show:
        from tqdm import tqdm
        bar = tqdm(total=len(rows), initial=len(rows) - len(todo), desc="rows", unit="row",
                   file=sys.stderr, dynamic_ncols=True)
        say = lambda text: bar.write(text, file=sys.stderr)  # noqa: E731
    for line, reason in sorted(unreadable.items()):
        say(f"line {line}: {reason}")

    def save():
        write_answers(records, out, input_columns, first)
        state["done"] = sorted({r["row"] for r in records})
        state["bad"] = {str(k): v for k, v in sorted(bad.items())}
        _write_sidecar(out, state)

    interrupted = False
    last_save = time.monotonic()
    try:
        with _Stopper(say) as stopper:
            for q in todo:
                if stopper.requested:
                    interrupted = True
                    break
                try:
                    game, question = _canonical(q.game, q.question)
                    values = dict(q.values)
                    if threads is not None and "threads" not in values:
                        from . import ask
                        if any(o.name == "threads" for o in ask.describe(game, question)):
                            values["threads"] = threads
                    answer = _ask(game, question, values)
                    if stopper.hard:
                        interrupted = True
                        break
                    records.extend(answer_rows(q, game, question, answer, input_columns))
                except InputError as err:
                    bad[q.line] = str(err)
                    say(f"line {q.line}: {err}")
                except (KeyboardInterrupt, Interrupted):
                    interrupted = True
                    break
                except Exception as err:  # noqa: BLE001 - one question's failure must not lose the batch
                    bad[q.line] = f"failed: {type(err).__name__}: {err}"
                    say(f"line {q.line}: {bad[q.line]}")
                finally:
                    if bar is not None:
                        bar.update(1)
                if time.monotonic() - last_save >= SAVE_EVERY:
                    save()
                    last_save = time.monotonic()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
        state["finished"] = not interrupted
        save()                               # whatever stopped the run, the finished rows are kept
    answered = len({r["row"] for r in records})
    return Summary(total, answered, len(earlier_done), bad, interrupted, out, time.perf_counter() - t0)

