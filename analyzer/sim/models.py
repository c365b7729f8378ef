"""The play models, as the kernels take them (one code everywhere).

A kernel that can play a hand more than one way takes the model's code and the solver's
transposition table and stats (``question.solver_arrays``).  For heuristic play the table
and stats are None: the kernel branches on ``tt is None`` and numba, which types a None
argument as NoneType, drops the branch that cannot run when it compiles, so the heuristic
version of a kernel links neither the double-dummy solver nor the single-dummy code.
"""

from numba import njit

HEURISTIC, DD, PIMC = 0, 1, 2
CODES = {"heuristic": HEURISTIC, "dd": DD, "pimc": PIMC}


@njit(cache=True, forceinline=True)
def match_seats(side, n_seats, a_pimc, b_pimc, rnd):
    """The single-dummy seats (a mask) of a duplicate match's play ``rnd`` when the seats
    ``side`` (a mask) contract: play 0 has model A at those seats and B at the others,
    play 1 the other way round, play 2 (the baseline) B at every seat (``sim.match``).
    ``a_pimc``/``b_pimc``: the model plays single-dummy (else heuristic)."""
    every = (1 << n_seats) - 1
    other = every & ~side
    if rnd == 0:
        return (side if a_pimc else 0) | (other if b_pimc else 0)
    if rnd == 1:
        return (side if b_pimc else 0) | (other if a_pimc else 0)
    return every if b_pimc else 0
