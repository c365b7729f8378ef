"""Exact double-dummy solver for every trick game, driven by the rule tables.

Every hand is visible; one side maximises, the other minimises the tricks (or card
points) taken by a *counted* side from the current position on.  Normally the counted
side is the maximising side; in misère the defenders maximise the tricks of the lone
contractor.  Seats 0..5 play clockwise (seat + 1), skipping seats that sit out; the
sides are any two sets of seats (partnerships, teams of three at a table of six, three
pairs of which one maximises, a lone contractor).

Suits are the rule vector's masks; nothing in the rules of play needs them aligned.  The
relative ranks of the table keys put each suit in a field of their own word: its 16-bit
lane (``16 s`` up) whenever every suit has at most 16 cards, as in every layout up to
five hands; with a wider suit (six-handed Five Hundred: 17-18 trumps, each effective suit
in a contiguous range of bits, the joker at bit 63) the suits packed one after the other,
as many bits each as cards.  ``_make_cfg`` works this out from the rule vector once per
solve (``C_OFF``, ``C_FIELD``, and ``C_RBASE``/``C_RMASK``: a card's rank for move
ordering).

The search (``_search``) is a fail-soft zero-window alpha-beta over single card plays,
driven MTD(f)-style by ``_mtd``: each call answers "is the value at least ``target``?"
and returns a bound.  Around it, the techniques that make DDS fast, on bitmasks:

* **Transposition table** probed and stored at trick boundaries.  An entry holds bounds
  on the value of the remaining play and, like DDS's, covers a whole class of positions:
  the suit lengths of every hand must match exactly (plus the leader and the joker
  state), and within each suit only the owners of the cards that *won by rank* in the
  search (and every card above them) must match, in *relative* rank (rank among the
  unplayed cards of the suit).  The set of such cards is backed up through the search
  as a mask (``W``).  An entry's four pattern words are the first four hands in
  relative ranks (a fifth hand holds the rest); at a table of six, three bit-planes of
  each card's owner and the sixth hand's suit lengths (``table._rel_planes``).  Games whose legality depends on rank (must-head), or scored in
  points, use exact entries instead (every card matters), except with identical copies
  in 16-bit lanes (Pinochle): these are keyed by kinds (``_kinds_key``): which copy a
  hand holds never matters, nor do the ranks of the played kinds, only the order, owners
  and points of the unplayed ones; and an entry covers a class of such positions, as
  DDS's do for tricks: of each suit it keeps the kinds from the lowest one that mattered
  up (every hand's suit lengths always), so which hand holds which of the kinds below
  never matters.  What matters there is backed up in W as for tricks, plus every card
  with points (it goes to whoever takes it), the cards a follower's duty to head or
  overtrump compared (``search._duty_w``) and those the sure bounds read
  (``quick._sure_w``).
* **Equivalent cards**: cards of one hand with no unplayed card between them in power
  are searched once; if the searched one wins by rank, its equivalents are backed up too.
* **Quick tricks** at the start of a trick (top cards the leader can cash, the long
  cards behind them, then a low card to a partner who cashes his own, with ruff limits)
  and **sure tricks** of the other side (DDS's LaterTricks: top trumps, a guarded second
  trump over the top one, a free joker, a leader who can only lead into the other
  side's winners, a side that needs every trick but cannot take that many in the suits
  it heads): early cutoffs, tried before the table.  Games keyed by kinds (Pinochle,
  whose duties and identical copies defeat those arguments) use two bounds of their own
  in points or tricks (``quick._sure_bounds``): the trumps of one side above every trump
  of the other, each winning its trick with at least the opponents' cheapest cards, and
  the leader cashing his unbeatable cards of one or several suits while nobody can ruff,
  every other hand following with its cheapest cards of the suit.
* **Move ordering** by a card-play heuristic and the table's best move.  At a four-hand
  partnership table leads, second-hand plays that follow suit and discards take DDS's
  weights (Moves::WeightAllocNT0/Trump0, ...Notvoid1, ...Void: few opposing cards,
  winning leads including a partner's ruff, finesse positions, the killer move; its
  weights for the third hand were tried and cost nodes here).  Elsewhere leads favour
  top cards, leads to a partner's top card, a suit a partner can ruff, and avoid a suit
  an opponent is void in.  Following, a card that beats the trick and stays best
  whatever the later opponents can play comes first (cheapest first), then cards that
  force a later opponent's top card; a seat plays low when its side surely wins anyway.
  For points with kind keys (``order._gen_points``) a follower schmears its most points
  onto a trick its side surely takes and sheds its fewest otherwise, and a lead's DDS
  weight gains its points if the lead wins the trick and loses them if not.

The table is a preallocated ``uint64`` array of ``TT_WORDS``-word entries in buckets of
``TT_BUCKET`` (entries keyed by kinds, which match exactly: ``KIND_BUCKET``, one cache
line of fingerprints a probe), plus one fingerprint word an entry (72 bytes in all): its memory is fixed
(``Solver(megabytes)``, ``tt_entries``), entries are replaced in place (shallow, then
old ones first).  A generation number in every entry invalidates a whole table in O(1)
between deals.  The fingerprint also holds the owners of each suit's top two cards
where the entry depends on them, so a probe reads the rows of few non-matching entries.
The table asks for 2 MB pages (``zeroed_words``): its probes land on random pages.

Where it stands against DDS (bridge, 13 cards, one thread, ``scripts/bench.py ddbridge``):
identical trick counts, about 1.65-2.0x slower at the median (median of ten runs 1.74x
on 2026-11-30; one process to the next moves it; see docs/performance.md), 3.1x at the
start of 2026-11-29's second stop.  DDS's ``futureTricks.nodes`` (trick starts) on the
same 200 deals: 11.9M against our 14.9M (``dd_nodes.py --dds``, median ratio 1.17), so
the gap is both: more trick starts, and each with its inner nodes about 1.5x DDS's cost.
Profile (perf, per compiled function): the table probe ~16% (fingerprint scans and the
cache miss on the one candidate row), the quick-trick analysis ~12%, the store ~5%, the
rest in the search, spread thin over move generation, making and unmaking moves.
Index arithmetic matters more than it looks in numba: a 2-D array multiplies each
access by a row length (often spilled to the stack), a signed index read from memory is
checked for wraparound, and a loop of runtime length is vectorized; the flat frames,
masked seats and early-exit seat loops here took ~14% off.  Next steps, in the order we
expect them to pay: fewer trick starts (DDS's QuickTricks: combined runs of leader and
partner, blocked suits; no-trumps is 1.28x DDS's count); a cheaper probe (it scans two
buckets of 64 fingerprints); move generation specialised for the last seat.  Inlining
matters both ways: the per-card weights inlined into the search are 15% faster than
called, and moving ``_gen_moves`` out of the search costs 18%; but every inlined helper
adds to the cold compile (~55 s for the solver).  Beware of timing noise: the same
source compiled twice runs several percent apart for the life of a process (where its
code and table land in memory); compare node counts, or several interleaved runs
(``scripts/ab_dd.py``).

Pinochle (12 tricks, points; ``scripts/bench.py pinochle_dd``, figures in docs/performance.md):
the class at the bid is cheap, at the heuristic players' result (near the value) the
median is within its target, but a few deals in a hundred take seconds, and the exact
value costs several such searches (in practice the two near the value, v and v + 1,
cost as much as the whole MTD(f)).  The hard searches spend their nodes in the middle of
the hand (4-6 tricks left), not at the bottom, and the deals that cost most are the
balanced, contested ones (trumps split between the sides, no long suit, a low value), not
those with many voids (``bench.py pinochle_dd`` prints the breakdown).  Tried on 2026-12-04 (issue 30; the
class at the heuristic's points on the first 100 policy deals, node counts exact,
times from interleaved runs): the sure bounds after the table probe instead of before
(kept: nodes -0.3%, time about -13%); a dedicated last-two-tricks solver (every play
of the first trick, straight-line, no table; nodes -3%, time unchanged: dropped); the
table's best move always first at a lead (nodes +0.4%: dropped); a lead's points
weighed 3x or not at all instead of 1x (nodes +12% and +16%: dropped); a table of 72
or 144 MB instead of 36 MB (the worst class searches' nodes -7% and unchanged, time
not better: kept at 36 MB; the exact values' worst deals may still gain); buckets of 8
entries keyed by kinds instead of 64 (kept: exact points 10% fewer nodes on 1,000 deals,
the class about 10% faster); a node with one legal card played without weighing moves
(kept, every game: the same nodes, Pinochle's class 0.8-0.9x the time).  Its time then
goes to the search loop (38%), the table probe (30%, waiting for memory) and the points
move generation (27%).  Entries covering classes of positions (above) took about a fifth
of the nodes and a quarter of the time off every search (2026-12-06; with a duty's best
card always kept instead of ``_duty_w``'s choice, half as much).  Next steps, in the
order we expect them to pay: a partner's cashing after a low lead to his unbeatable card
in the bounds; bounds for the side not on lead beyond its sure trumps;
a cheaper ``_sure_bounds`` (its cashing part runs at every trick start the table does
not answer).
"""

from __future__ import annotations

from .core import (
    C_ACTIVE,
    C_BEST,
    C_COUNT,
    C_EXACT,
    C_FIELD,
    C_GEN,
    C_KEYX,
    C_MAX,
    C_NACT,
    C_NEXT,
    C_NSEATS,
    C_OFF,
    C_OPTS,
    C_QUICK,
    C_RBASE,
    C_RMASK,
    C_SIZE,
    C_STAMP,
    C_WIDE,
    EXACT_CARDS,
    EXACT_KINDS,
    M_SIZE,
    MAX_MOVES,
    MAX_PLY,
    MAX_SEATS,
    NONE,
    O_ALL,
    O_EQUIV,
    O_ORDER,
    O_QUICK,
    O_SMALL,
    O_TT,
    PEXT8,
    S_BUDGET,
    S_BUDGET_CUTS,
    S_CUTS,
    S_FIRST_CUTS,
    S_NODES,
    S_POS_CUTS,
    S_POS_FIRST,
    S_POS_NODES,
    S_QT_CUTS,
    S_SEARCHES,
    S_SIZE,
    S_STORES,
    S_TT_HITS,
    SURE_TRUMPS,
    _compress64,
)
from .order import (
    FINESSE_BONUS,
    FORCE_BONUS,
    HINT_BONUS,
    KILLER_BONUS,
    LEAD_LOSER,
    LEAD_PTS_W,
    LEAD_TO_PARTNER,
    MID_WIN,
    OPP_LEN_WEIGHT,
    OPP_VOID_PEN,
    PARTNER_RUFF_BONUS,
    PTS_W,
    RHO_HIGH_PEN,
    TOP_BARE_OPP,
    TOP_MINE,
    TOP_OTHER,
    TOP_PARTNER,
    TRUMP_IDLE_PEN,
    VOID_RUFF_PEN,
)
from .search import (
    _SOLVE_SIG,
    F_BESTM,
    F_BESTV,
    F_CUT,
    F_HINT,
    F_I,
    F_LEADER,
    F_LED,
    F_LEFT,
    F_NM,
    F_OLDVOID,
    F_POS,
    F_SEAT,
    F_SIZE,
    F_SUITS,
    F_TARGET,
    F_TV,
    F_WINNER,
    REL_SIZE,
    U_BEST,
    U_CARD,
    U_K0,
    U_K1,
    U_K2,
    U_DUTY,
    U_LEAD,
    U_SEARCHED,
    U_SIG,
    U_SIZE,
    U_TP,
    U_TRICK,
    U_UNPL,
    U_WALL,
    U_WCUT,
    U_WR,
    _make_cfg,
    _root_moves,
    _solve_kernel,
)
from .solver import Solver, make_cfg
from .table import TT_BUCKET, TT_WORDS, new_table, tt_bytes, tt_entries, zeroed_words

__all__ = ['MAX_SEATS', 'MAX_PLY', 'MAX_MOVES', 'C_NSEATS', 'C_ACTIVE', 'C_MAX', 'C_COUNT', 'C_OPTS', 'C_GEN', 'C_EXACT', 'C_QUICK', 'C_NACT', 'C_NEXT', 'C_BEST', 'C_STAMP', 'C_OFF', 'C_FIELD', 'C_RBASE', 'C_RMASK', 'C_WIDE', 'C_KEYX', 'C_SIZE', 'EXACT_CARDS', 'EXACT_KINDS', 'SURE_TRUMPS', 'O_TT', 'O_QUICK', 'O_EQUIV', 'O_ORDER', 'O_SMALL', 'O_ALL', 'S_NODES', 'S_TT_HITS', 'S_QT_CUTS', 'S_STORES', 'S_SEARCHES', 'S_CUTS', 'S_FIRST_CUTS', 'S_BUDGET', 'S_BUDGET_CUTS', 'S_SIZE', 'S_POS_NODES', 'S_POS_CUTS', 'S_POS_FIRST', 'NONE', 'PEXT8', '_compress64', 'M_SIZE', 'TT_WORDS', 'TT_BUCKET', 'tt_entries', 'new_table', 'zeroed_words', 'tt_bytes', 'TOP_BARE_OPP', 'TOP_MINE', 'TOP_PARTNER', 'TOP_OTHER', 'PTS_W', 'LEAD_PTS_W', 'VOID_RUFF_PEN', 'MID_WIN', 'LEAD_LOSER', 'LEAD_TO_PARTNER', 'HINT_BONUS', 'FORCE_BONUS', 'KILLER_BONUS', 'FINESSE_BONUS', 'RHO_HIGH_PEN', 'PARTNER_RUFF_BONUS', 'TRUMP_IDLE_PEN', 'OPP_VOID_PEN', 'OPP_LEN_WEIGHT', '_SOLVE_SIG', 'F_SEAT', 'F_POS', 'F_LEADER', 'F_LED', 'F_WINNER', 'F_SUITS', 'F_LEFT', 'F_TARGET', 'F_I', 'F_NM', 'F_BESTV', 'F_BESTM', 'F_OLDVOID', 'F_TV', 'F_CUT', 'F_HINT', 'F_SIZE', 'U_BEST', 'U_TRICK', 'U_WALL', 'U_WCUT', 'U_K0', 'U_K1', 'U_UNPL', 'U_WR', 'U_CARD', 'U_SEARCHED', 'U_SIG', 'U_TP', 'U_LEAD', 'U_K2', 'U_DUTY', 'U_SIZE', 'REL_SIZE', '_solve_kernel', '_root_moves', '_make_cfg', 'make_cfg', 'Solver']
