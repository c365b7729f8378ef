"""Single-dummy decisions: the card a player chooses from what it can see (perfect-
information Monte Carlo, the method of the strongest bridge programs).

The player to move cannot see the other hands.  Its game samples ``worlds``: layouts of
the cards it cannot see, consistent with everything it has seen (``analyzer.sim.hidden``).
In every world each candidate card is played and the rest solved by the double-dummy
solver; the card that succeeds in most worlds is played.  No game code lives here: a game
hands over its rule vector, a solver configuration per world and the position.

Cheap by design, and still the decision of the plain method (every world, every legal card,
exact values: ``choose_plain``), which ``tests/test_pimc.py`` checks move for move:

* **Zero-window searches at the threshold.**  The score decides what a card is worth: a
  contractor needs ``target`` tricks (or points) from here on, a defender needs the
  contractor to fall short.  One zero-window search per world and card ("does the counted
  side reach ``target``?") answers that, where an exact value costs several.
* **Equivalent cards searched once** (no unplayed card lies between them: the same in every
  world) and **forced plays not searched** (``candidates`` returns one class).
* **The game's own card first.**  Ties go to it, so another card matters only if it beats
  it: the other cards are searched first in the worlds where the game's card fails, and
  one that succeeds in none of them is dropped (30% fewer searches than the plain
  world-by-world order, measured on Five Hundred decisions).  The rest are searched in the
  worlds where it succeeds and dropped once they cannot beat it or catch the leader.
* **The solver's table is kept across worlds** (its entries are bounds on what the rest of
  a position is worth, whatever world the position arose in); a new generation starts
  with each decision and wherever a world's solver configuration differs.

Ties go to the game's own (heuristic) card when it is among the best, else to the lowest
of the best cards.  A move code is a layout bit, plus ``(suit + 1) << 6`` for a free card
(500's joker) led naming a suit.
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO, high_bit, low_index
from .dd.core import (C_GEN, C_MAX, C_NEXT, MAX_MOVES, MAX_SEATS, PEXT8, S_BUDGET, S_BUDGET_CUTS, S_NODES, _equiv_up,
                      _next_higher)
from .dd.search import _mtd, _play, _scratch, _search, _solve_kernel, _value_bounds
from .tables import F_POINTS, R_FLAGS, R_FREE, R_LEAD

GEN_LIMIT = 0xFFFF   # the solver's generation stamps run 1..GEN_LIMIT
P_ALL, P_HINT, P_FAILED, P_HELD = 0, 1, 2, 3   # choose_each's phases


@njit(cache=True, nogil=True)
def candidates(rules, hand, legal, names, unpl, codes, members):
    """The distinct moves of a player: one per run of equivalent legal cards, a free card
    once per suit it may name (``names``: 4-bit mask, bit 4 for a free card followed).

    ``unpl``: every card not yet played as the player sees it (its hand, the cards it
    cannot see, the trick's cards), so a run is equivalent in every world.  Fills
    ``codes`` (move codes, high cards first) and ``members`` (each run's cards); returns
    the number of moves."""
    free = rules[R_FREE]
    points = (rules[R_FLAGS] & F_POINTS) != ZERO
    n = 0
    rest = legal & ~free
    while rest:
        c = high_bit(rest)
        rest ^= c
        nxt = _next_higher(rules, c, unpl)
        if n > 0 and (members[n - 1] & nxt) != ZERO and _equiv_up(rules, c, nxt, hand, unpl, points):
            members[n - 1] |= c
            continue
        codes[n] = low_index(c)
        members[n] = c
        n += 1
    return _free_codes(rules, hand, names, codes, members, n)


@njit(cache=True, forceinline=True)
def _free_codes(rules, hand, names, codes, members, n):
    """Append a free card's moves (one per suit it may name) after ``n`` moves; returns
    the new count."""
    free = rules[R_FREE]
    if names and (hand & free):
        fc = np.int64(low_index(free & hand))
        for nm in range(5):
            if (names >> nm) & 1:
                codes[n] = fc | ((nm + 1) << 6) if nm < 4 else fc
                members[n] = free & hand
                n += 1
    return n


@njit(cache=True, forceinline=True)
def _move_value(rules, cfg, h, vw, tt, stats, mv, rel, killer, fi, fu, seat, pos, code, leader, led, best,
                winner, trick, suits_led, left, target):
    """Play move ``code`` in world ``h`` and evaluate the rest: with ``target`` >= 0, 1 if
    the counted side reaches it (one zero-window search) else 0; with ``target`` < 0 the
    exact value.  ``h`` and ``vw`` are restored.  ``rules[R_LEAD]`` must hold the trick's
card led when ``pos`` > 0 (read under F_HEAD_LED); a lead sets it for its search."""
    c = ONE << np.uint64(code & 63)
    name = (code >> 6) - 1
    hand = h[seat]
    oldv = vw[seat]
    lead_was = rules[R_LEAD]
    if pos == 0:
        rules[R_LEAD] = c            # the search's root is then mid-trick, led by this card
    nled, nbest, nwin, nsuits, ntrick, done, tv, _ = _play(
        rules, cfg, h, vw, seat, pos, c, name, led, best, winner, trick, suits_led, left)
    zero = np.int64(0)
    ok = False
    if done:
        # the trick is complete: the rest starts from its winner's lead
        npos, nleader, nled, nbest, nwin_, ntrick, nleft = zero, nwin, zero, ZERO, nwin, ZERO, left - 1
        nseat = nwin
    else:
        tv = zero
        npos, nleader, nwin_, nleft = pos + 1, leader, nwin, left
        nseat = cfg[C_NEXT + seat]
    if nleft == 0:
        v = zero
        exact = True
    else:
        lo, hi = _value_bounds(rules, cfg, h, ntrick, nleft)
        t = target - tv
        if target < 0:
            v = _mtd(rules, cfg, h, vw, tt, stats, PEXT8, mv, rel, killer, fi, fu, nseat, npos, nleader, nled, nbest,
                     nwin_, ntrick, nsuits, nleft, lo, hi, (lo + hi + 1) // 2)
            exact = True
        elif t <= lo:
            v = zero
            exact = False
            ok = True
        elif t > hi:
            v = zero
            exact = False
            ok = False
        else:
            w, _ = _search(rules, cfg, h, vw, tt, mv, rel, killer, stats, PEXT8, fi, fu, nseat, npos, nleader, nled,
                           nbest, nwin_, ntrick, nsuits, nleft, t)
            exact = False
            ok = w >= t
    h[seat] = hand
    vw[seat] = oldv
    rules[R_LEAD] = lead_was
    if target < 0:
        return tv + v
    if exact:
        return np.int64(1) if tv + v >= target else np.int64(0)
    return np.int64(1) if ok else np.int64(0)


@njit(cache=True, forceinline=True)
def _class_of(codes, members, n, hint):
    """The index of the move class holding the move code ``hint`` (-1: none)."""
    hb = ONE << np.uint64(hint & 63)
    for i in range(n):
        if (codes[i] >> 6) != 0 or (hint >> 6) != 0:
            if codes[i] == hint:
                return i
        elif members[i] & hb:
            return i
    return -1


@njit(cache=True, forceinline=True)
def _pick(codes, members, n, scores, alive, hint):
    """The move to play: the hint's if its class is among the best, else the lowest card
    of the last (lowest) best class."""
    top = np.int64(-1)
    for i in range(n):
        if alive[i] and scores[i] > top:
            top = scores[i]
    h = _class_of(codes, members, n, hint)
    if h >= 0 and alive[h] and scores[h] == top:
        return hint
    for i in range(n - 1, -1, -1):
        if alive[i] and scores[i] == top:
            if codes[i] >> 6:
                return codes[i]
            return low_index(members[i])
    return hint


@njit(cache=True, forceinline=True)
def _bump(cfg, genbox, tt):
    genbox[0] += 1
    if genbox[0] > GEN_LIMIT:
        tt[:, :] = 0
        genbox[0] = 1
    cfg[C_GEN] = genbox[0]


@njit(cache=True)
def solve_after_lead(rules, cfg, hands, voids, tt, stats, genbox, leader, led, card, n_tricks, guess):
    """The double-dummy value (``cfg``'s maximising side) once ``leader`` has led ``card``
    (suit ``led``) to the first of ``n_tricks`` tricks, ``hands`` already without it: the
    lead questions' double-dummy play.  ``cfg`` from ``_make_cfg``; a new table
    generation (``genbox``); ``guess``: where MTD(f) starts (e.g. a heuristic play's
    value; -1: the middle).  Under F_HEAD_LED ``rules[R_LEAD]`` must be ``card``."""
    _bump(cfg, genbox, tt)
    return _solve_kernel(rules, cfg, hands, voids, tt, stats, PEXT8, cfg[C_NEXT + leader], np.int64(1),
                         np.int64(leader), np.int64(led), card, np.int64(leader), card, np.int64(1 << led),
                         np.int64(n_tricks), np.int64(-1), guess)


@njit(cache=True, forceinline=True)
def _load_world(cfgs, worlds, voids, w, seat, cfg, h, vw, genbox, tt, fresh):
    """World ``w`` into ``cfg``, ``h`` and ``vw``; returns whether ``seat`` is of the
    maximising side there.

    The solver's entries are bounds on what the rest of a position is worth, keyed by the
    whole position (every hand, the leader, what the free card's naming depends on), so
    they hold in every world that shares the rules and the solver configuration.  A new
    table generation is started when ``fresh`` (a decision's first world: the rules may
    have changed since the last decision) or when this world's configuration differs from
    the one loaded (a world may change who partners whom)."""
    c = cfgs[w % cfgs.shape[0]]
    same = not fresh
    if same:
        for k in range(c.shape[0]):
            if k != C_GEN and cfg[k] != c[k]:
                same = False
                break
    cfg[:] = c
    if same:
        cfg[C_GEN] = genbox[0]
    else:
        _bump(cfg, genbox, tt)
    for s in range(MAX_SEATS):
        h[s] = worlds[w, s]
        vw[s] = voids[s]
    return ((cfg[C_MAX] >> seat) & 1) != 0


@njit(cache=True, nogil=True)
def choose_each(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox,
                seat, pos, leader, led, best, winner, trick, suits_led, left, targets,
                codes, members, n, hint, scores):
    """``choose`` with a threshold per world: ``targets[w % len(targets)]`` is what the
    counted side needs from here on in world ``w`` (in Sheepshead the partner, and so the
    points his side has taken, and the buried points differ from world to world).

    The move code ``seat`` plays: the class of ``candidates`` reaching the threshold in
    most worlds.

    ``worlds[w]`` (MAX_SEATS masks): world ``w``'s hands, the player's own in every one;
    ``cfgs[w % len(cfgs)]``: its solver configuration (``tricks.dd.make_cfg``; a world may
    change who partners whom); ``voids``: the suits each seat has shown void in (the
    solver reads them for the free card's naming rule).  The position: the seat to move,
    its place in the trick, the trick's leader, suit led, best card, winner and cards,
    the suits led so far, the tricks left (this one included).  ``targets[w]``: what the
    counted side needs from here on in world ``w`` (this trick included); a seat of the
    maximising side wants it reached, the other side wants it missed.  ``genbox[0]``: the table's
    generation (``_load_world``).  ``scores[i]``: worlds in which class ``i`` succeeds (a
    dropped class: a lower bound; with the hint first, a class dropped in the worlds where
    the hint fails: 0).

    ``stats[S_BUDGET]`` (0: none) caps the search nodes a decision spends: once its worlds
    have cost that many, it decides on the worlds searched so far (at least one; counted in
    ``stats[S_BUDGET_CUTS]``).  Node counts are deterministic, so the decision is too."""
    alive = np.ones(n, np.bool_)
    for i in range(n):
        scores[i] = 0
    if n <= 1:
        return _pick(codes, members, n, scores, alive, hint)
    mv, rel, killer, fi, fu = _scratch()
    h = np.zeros(MAX_SEATS, np.uint64)
    vw = np.zeros(MAX_SEATS, np.int64)
    cfg = np.zeros(cfgs.shape[1], np.int64)
    n0 = stats[S_NODES]
    budget = stats[S_BUDGET]
    hc = _class_of(codes, members, n, hint)
    # Phases, in one loop so that the solver is called from one place (compile time):
    # P_ALL, every alive class world by world, for a node budget (a decision cut short
    # must have searched every class in the same worlds) or a hint outside the classes;
    # else P_HINT, the hint's class in every world; P_FAILED, the others in the worlds
    # where the hint fails (one that succeeds in none of them cannot beat it); P_HELD,
    # the classes that may still beat the hint, in the worlds where it succeeds.
    ok_h = np.zeros(n_worlds, np.bool_)
    s_h = np.int64(0)
    first = P_ALL if budget > 0 or hc < 0 else P_HINT
    last = P_ALL if first == P_ALL else P_HELD
    n_alive = n
    for ph in range(first, last + 1):
        if ph == P_FAILED:
            if s_h == n_worlds:
                break                  # no class can do better, and ties go to the hint
            for i in range(n):
                alive[i] = i != hc
        elif ph == P_HELD:
            n_alive = 0
            for i in range(n):
                alive[i] = i != hc and scores[i] > 0
                n_alive += alive[i]
        remaining = s_h if ph == P_HELD else n_worlds
        for w in range(n_worlds):
            if (ph == P_FAILED and ok_h[w]) or (ph == P_HELD and not ok_h[w]):
                continue
            if (ph == P_ALL and n_alive <= 1) or (ph == P_HELD and n_alive == 0):
                break
            if ph == P_ALL and budget > 0 and w > 0 and stats[S_NODES] - n0 >= budget:
                stats[S_BUDGET_CUTS] += 1      # decided on the worlds searched so far
                break
            remaining -= 1
            want = _load_world(cfgs, worlds, voids, w, seat, cfg, h, vw, genbox, tt,
                               w == 0 and (ph == P_ALL or ph == P_HINT))
            t = targets[w % targets.shape[0]]
            for i in range(n):
                if (ph == P_HINT and i != hc) or (ph != P_HINT and not alive[i]):
                    continue
                ok = _move_value(rules, cfg, h, vw, tt, stats, mv, rel, killer, fi, fu, seat, pos, codes[i], leader,
                                 led, best, winner, trick, suits_led, left, t) == 1
                if ok == want:
                    scores[i] += 1
                    if ph == P_HINT:
                        ok_h[w] = True
                        s_h += 1
            if ph == P_ALL or ph == P_HELD:
                # drop the classes that can no longer catch the leader (P_HELD: nor beat the hint)
                top = np.int64(-1) if ph == P_ALL else s_h + 1
                for i in range(n):
                    if alive[i] and scores[i] > top:
                        top = scores[i]
                for i in range(n):
                    if alive[i] and scores[i] + remaining < top:
                        alive[i] = False
                        n_alive -= 1
    if first == P_HINT:
        alive[hc] = True
    return _pick(codes, members, n, scores, alive, hint)


@njit(cache=True, nogil=True)
def choose(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox,
           seat, pos, leader, led, best, winner, trick, suits_led, left, target,
           codes, members, n, hint, scores):
    """The move code ``seat`` plays: the class of ``candidates`` reaching ``target`` (the
    same in every world) in most worlds; see ``choose_each``."""
    targets = np.full(1, target, np.int64)
    return choose_each(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox, seat, pos, leader, led, best,
                       winner, trick, suits_led, left, targets, codes, members, n, hint, scores)


@njit(cache=True, nogil=True)
def choose_plain_each(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox,
                      seat, pos, leader, led, best, winner, trick, suits_led, left, targets,
                      legal, names, hint, values):
    """``choose_plain`` with a threshold per world (``targets``, as ``choose_each``).

    The plain method, for tests and the benchmark: every world, every legal card (a free
    card once per suit it may name), its exact value; then the same decision as ``choose``
    (the card reaching ``target`` in most worlds, ties as there).  ``values[w, i]``: the
    exact value of move ``i`` in world ``w``.  Returns the move code."""
    codes = np.empty(MAX_MOVES, np.int64)
    members = np.empty(MAX_MOVES, np.uint64)
    free = rules[R_FREE]
    n = 0
    rest = legal & ~free
    while rest:              # high cards first, as ``candidates``
        c = high_bit(rest)
        rest ^= c
        codes[n] = low_index(c)
        members[n] = c
        n += 1
    n = _free_codes(rules, worlds[0, seat], names, codes, members, n)
    mv, rel, killer, fi, fu = _scratch()
    h = np.zeros(MAX_SEATS, np.uint64)
    vw = np.zeros(MAX_SEATS, np.int64)
    cfg = np.zeros(cfgs.shape[1], np.int64)
    scores = np.zeros(n, np.int64)
    alive = np.ones(n, np.bool_)
    for w in range(n_worlds):
        want = _load_world(cfgs, worlds, voids, w, seat, cfg, h, vw, genbox, tt, True)
        for i in range(n):
            v = _move_value(rules, cfg, h, vw, tt, stats, mv, rel, killer, fi, fu, seat, pos, codes[i], leader, led,
                            best, winner, trick, suits_led, left, np.int64(-1))
            values[w, i] = v
            if (v >= targets[w % targets.shape[0]]) == want:
                scores[i] += 1
    return _pick(codes, members, n, scores, alive, hint)


@njit(cache=True, nogil=True)
def choose_plain(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox,
                 seat, pos, leader, led, best, winner, trick, suits_led, left, target,
                 legal, names, hint, values):
    """The plain method with one threshold ``target`` for every world (``choose_plain_each``)."""
    targets = np.full(1, target, np.int64)
    return choose_plain_each(rules, cfgs, worlds, n_worlds, voids, tt, stats, genbox, seat, pos, leader, led, best,
                             winner, trick, suits_led, left, targets, legal, names, hint, values)
