"""The steps every simulation question shares, between its validation and its rows:
check the run's parameters, pick the deal count and chunk size of the play model, run the
chunk function, and the notes the answer carries (what the model means, an interruption).

A game describes its play models once, as a ``Plan``; a question then reads

    deals, seed = PLAN.check(deals, seed, threads, play)
    ...                                  # parse the position, build the chunk function
    run = PLAN.run(chunk, deals, play, threads, progress)
    notes = PLAN.notes(run, deals, play)
    ...                                  # rows -> DataFrame -> Answer
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..validate import check_play, check_run
from . import runner


@dataclass(frozen=True)
class Plan:
    game: str                                    # for messages: "Pinochle"
    default_deals: dict                          # play model -> deals when --deals is not given
    chunk_size: dict = field(default_factory=dict)   # play model -> deals per chunk (default: the runner's)
    model_notes: dict = field(default_factory=dict)  # play model -> a note every answer carries
    desc: dict = field(default_factory=dict)         # play model -> progress bar label

    @property
    def models(self) -> tuple[str, ...]:
        return tuple(self.default_deals)

    def check(self, deals, seed, threads, play) -> tuple[int, int]:
        """Validated (deals, seed): the play model's default deals when ``deals`` is None,
        seed 0 when None.  Raises InputError with one line naming the problem."""
        check_play(play, self.models, self.game)
        deals = self.default_deals[play] if deals is None else deals
        check_run(deals, seed, threads)
        return int(deals), 0 if seed is None else int(seed)

    def run(self, chunk_fn, deals, play, threads=None, progress=False, **kw) -> runner.RunResult:
        """``runner.run_chunks`` with the play model's chunk size and progress label; a
        first build of the kernels is announced on stderr (``compiling.announce``).
        Ctrl-C raises ``errors.Interrupted`` (the finished chunks kept for --resume)."""
        from ..compiling import announce
        with announce(self.game, play):
            return runner.run_chunks(chunk_fn, deals, threads=threads, progress=progress,
                                     chunk_size=kw.pop("chunk_size", self.chunk_size.get(play)),
                                     desc=kw.pop("desc", self.desc.get(play, "dealing")), **kw)

    def notes(self, run: runner.RunResult, deals: int, play: str) -> list[str]:
        """The answer's notes (what the play model means)."""
        return [self.model_notes[play]] if play in self.model_notes else []


def solver_arrays(dd: bool, new_table=None, new_stats=None):
    """(transposition table, solver stats) for a chunk kernel that can solve double-dummy:
    fresh ones per chunk (one per thread at a time, so results do not depend on the
    thread count), or (None, None) for heuristic play.  A kernel branches on ``tt is None``
    (or ``is not None``) and numba drops the branch a None argument rules out when it
    compiles, so the heuristic version of the kernel never links the solver."""
    if dd:
        return new_table(), new_stats()
    return None, None
