"""The play models, as the kernels take them (one code everywhere).

A kernel that can play a hand more than one way takes the model's code and the solver's
transposition table and stats (``question.solver_arrays``).  For heuristic play the table
and stats are None: the kernel branches on ``tt is None`` and numba, which types a None
argument as NoneType, drops the branch that cannot run when it compiles, so the heuristic
version of a kernel links neither the double-dummy solver nor the single-dummy code.
"""

HEURISTIC, DD, PIMC = 0, 1, 2
CODES = {"heuristic": HEURISTIC, "dd": DD, "pimc": PIMC}
