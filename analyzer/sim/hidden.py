"""Exactly uniform hidden hands ("worlds") for single-dummy play.

A player sees its own hand and the cards played; the other cards (``hidden``) lie in
other *slots* -- the other players' hands, a kitty, a blind -- with ``need[k]`` of them in
slot ``k``.  What the player has learnt restricts which slot may hold which card (a
player who showed out of a suit holds none of it; a card known to be out of a hand):
slot ``k`` may hold only the cards of ``allowed[k]``.  Single-dummy play wants layouts
drawn uniformly among *all* layouts consistent with those facts.  Dealing slot by slot
from the cards each slot may hold is not that: it favours layouts that leave the later
slots more choice (and can dead-end); the bias depends on the order the slots are
filled.  Two exact methods are used instead:

1. *Rejection.*  A uniform split of the hidden cards into slots of the needed sizes (the
   partial Fisher-Yates shuffle of ``deal._deal_into``), kept if every card is allowed
   where it fell.  Every split is equally likely and acceptance depends only on the
   split, so an accepted split is uniform among the consistent ones.  It is cheap when
   the facts are mild, hopeless when they are strong, so each world gets at most
   ``tries`` attempts.

2. *Counting (the fallback).*  Cards with the same set of allowed slots form a *class*;
   only how many cards of each class go to each slot matters for counting.  With the
   classes in a fixed order and ``r`` the vector of needs still open,
   ``f[i][r] = sum_x multinomial(m_i; x) * f[i+1][r - x]`` over the ways ``x`` of
   splitting class ``i``'s ``m_i`` cards among its allowed slots (``x_k <= r_k``), and
   ``f[C][0] = 1``; ``f[0][need]`` is the number of consistent layouts
   (``layout_count``).  A world is then drawn class by class: split ``x`` with
   probability ``multinomial(m_i; x) * f[i+1][r - x] / f[i][r]``, and which cards of the
   class go where uniformly (all ``multinomial(m_i; x)`` choices equally likely).  The
   product of those chances is ``1 / f[0][need]`` for every consistent layout: uniform.

   The sum over splits is taken one slot of the class at a time (``multinomial(m; x) =
   prod_j C(left_j, x_j)``, ``left_j`` the class's cards not yet placed): a step per
   (class, slot) choosing ``x_j``, so a step costs at most 65 terms per state instead
   of one per split.  Before a step the class's unplaced cards are ``sum(r)`` minus the
   cards of the later classes, so the state stays ``r``.  States are indexed in mixed
   radix (``prod(need_k + 1)`` of them) and each step keeps only the states reachable
   from ``need`` that the later steps could still complete, sorted, with their counts.
   Classes confined to fewest slots come first (they branch least, so the early levels
   stay small); the one with most slots comes last, where its split is forced.  The
   counts are float64: exact integers up to 2**53, relative error near 1e-16 beyond,
   far below any sampling error.

Each world's output is uniform whichever method produced it: rejection's output is
uniform given that it was accepted, the fallback's is uniform whatever happened before
(its randomness is fresh), so the mixture is exactly uniform.  The counts are built at
most once per call, when some world's rejection attempts all fail, and then serve every
later world whose attempts fail.  If world 0's attempts all fail, rejection is judged
hopeless and the later worlds go to the counts directly.  Which method a world uses
thus depends only on earlier worlds, and its output is uniform either way, so the worlds
stay independent.  World ``w`` draws from the stream ``stream_key(key, w)``: row ``w``
depends only on the key, ``w`` and the other arguments (not on ``n_worlds``).

Return codes of ``sample_worlds`` (and the float ``layout_count``): ``n_worlds`` (the
count) on success; ``0`` when no layout honours the facts; ``-1`` for inconsistent
arguments (``sum(need) != popcount(hidden)``, a negative need, no slots or more than
``MAX_SLOTS``, mismatched shapes); ``-2`` when the counting fallback is needed but
``prod(need_k + 1) > MAX_STATES`` or it would keep more than ``MAX_TABLE`` states
(64 MB): the call stops there (rows before it are filled, the rest are not) rather than
allocate that much.  Rejection alone never returns ``-2``: a call whose worlds are all
accepted by rejection succeeds however large the state space, so ``-2`` can depend on
the key; callers who get it can retry with more ``tries``.
"""

import numpy as np
from numba import njit

from ..bits import ONE, ZERO, low_index, popcount
from ..errors import InputError
from .rng import LOW32, SHIFT32, bounded, next_u64, seed_key, stream_key

MAX_SLOTS = 8
MAX_STATES = 2_000_000        # prod(need_k + 1) above which the fallback refuses (-2)
MAX_TABLE = 4_000_000         # states kept by the fallback (16 bytes each: 64 MB), at most


def _binomials(n):
    rows = [[1]]
    for i in range(1, n + 1):
        prev = rows[-1]
        rows.append([1] + [prev[j - 1] + prev[j] for j in range(1, i)] + [1])
    table = np.zeros((n + 1, n + 1), np.float64)
    for i, row in enumerate(rows):
        table[i, : len(row)] = [float(v) for v in row]
    return table


_BINOM = _binomials(64)        # _BINOM[n, k] = C(n, k) (exact up to 2**53)
_U53 = 1.0 / 9007199254740992.0


@njit(cache=True, forceinline=True)
def _draw32(state, bits, have):
    """32 random bits from the stream, two per 64-bit draw as ``deal._deal_into`` does."""
    if have == 0:
        state, bits = next_u64(state)
        have = 2
    r = bits & LOW32
    bits = bits >> SHIFT32
    return state, bits, have - 1, r


# --------------------------------------------------------------------------- classes

@njit(cache=True, nogil=True)
def _check(hidden, need, allowed):
    """-1 for inconsistent arguments, 0 when cheaply seen infeasible, 1 otherwise."""
    n_slots = need.shape[0]
    if n_slots == 0 or n_slots > MAX_SLOTS or allowed.shape[0] != n_slots:
        return -1
    total = 0
    for k in range(n_slots):
        if need[k] < 0:
            return -1
        total += need[k]
    if total != popcount(hidden):
        return -1
    anywhere = ZERO
    for k in range(n_slots):
        if popcount(allowed[k] & hidden) < need[k]:
            return 0
        if need[k] > 0:
            anywhere |= allowed[k]
    if hidden & ~anywhere != ZERO:
        return 0
    return 1


@njit(cache=True, nogil=True)
def _classes(hidden, need, allowed):
    """Group the hidden cards by their set of allowed slots (a bit set, ``sig``).

    Slots that need nothing are left out of every set.  Returns ``(n_classes, size,
    slots, n_in, cards)``: class ``i`` has ``size[i]`` cards (``cards[i, :size[i]]``)
    that may go to the ``n_in[i]`` slots ``slots[i, :n_in[i]]``.  The classes are ordered
    by number of slots, most last, then size: classes confined to few slots branch
    little, so the count's early levels stay small.  ``n_classes`` is -1 when some card
    may go nowhere.
    """
    n_slots = need.shape[0]
    count = np.zeros(1 << n_slots, np.int64)
    members = np.zeros((1 << n_slots, 64), np.int64)
    h = hidden
    while h != ZERO:
        c = low_index(h)
        h &= h - ONE
        s = 0
        for k in range(n_slots):
            if need[k] > 0 and (allowed[k] >> np.uint64(c)) & ONE:
                s |= 1 << k
        members[s, count[s]] = c
        count[s] += 1
    sig = np.zeros(64, np.int64)
    n = 0
    if count[0] > 0:
        return -1, sig, np.zeros((0, MAX_SLOTS), np.int64), sig, np.zeros((0, 64), np.int64)
    for s in range(1, 1 << n_slots):
        if count[s] > 0:
            # insertion by (number of slots, size)
            key_s = popcount(np.uint64(s)) * 128 + count[s]
            j = n
            while j > 0 and popcount(np.uint64(sig[j - 1])) * 128 + count[sig[j - 1]] > key_s:
                sig[j] = sig[j - 1]
                j -= 1
            sig[j] = s
            n += 1
    size = np.zeros(n, np.int64)
    slots = np.zeros((n, MAX_SLOTS), np.int64)
    n_in = np.zeros(n, np.int64)
    cards = np.zeros((n, 64), np.int64)
    for i in range(n):
        s = sig[i]
        size[i] = count[s]
        for t in range(count[s]):
            cards[i, t] = members[s, t]
        a = 0
        for k in range(n_slots):
            if (s >> k) & 1:
                slots[i, a] = k
                a += 1
        n_in[i] = a
    return n, size, slots, n_in, cards


# ---------------------------------------------------------------------------- counting

@njit(cache=True, forceinline=True)
def _span(r, t, i, j, slots, n_in):
    """How many of the ``t`` cards of class ``i`` still to place its ``j``-th slot may take
    in state ``r``: ``(lo, hi)``, so that the class's later slots can take the rest."""
    k = slots[i, j]
    a = n_in[i]
    if j == a - 1:
        return t, t if t <= r[k] else -1
    after = 0
    for jj in range(j + 1, a):
        after += r[slots[i, jj]]
    lo = t - after
    if lo < 0:
        lo = 0
    hi = r[k]
    if t < hi:
        hi = t
    return lo, hi


@njit(cache=True, forceinline=True)
def _decode(idx, need, stride, r):
    """The needs vector of state ``idx`` into ``r``; returns its sum."""
    total = 0
    for k in range(need.shape[0]):
        r[k] = (idx // stride[k]) % (need[k] + 1)
        total += r[k]
    return total


@njit(cache=True, forceinline=True)
def _find(states, lo, hi, s):
    """Position of state ``s`` in the sorted ``states[lo:hi]``, or -1."""
    while lo < hi:
        mid = (lo + hi) >> 1
        v = states[mid]
        if v == s:
            return mid
        if v < s:
            lo = mid + 1
        else:
            hi = mid
    return -1


@njit(cache=True, nogil=True)
def _steps(n_classes, size, slots, n_in, n_slots):
    """The steps of the count, one per (class, slot): ``(n_steps, cls, jth, room)``.

    Step ``L`` decides how many cards of class ``cls[L]`` go to its ``jth[L]``-th slot.
    ``room[L, k]`` bounds the cards steps ``L..`` can still put in slot ``k``: those of
    the later classes allowed there, and the class's own when ``k`` is one of its slots
    still to come (a state needing more than that is dead).
    """
    n_steps = 0
    for i in range(n_classes):
        n_steps += n_in[i]
    cls = np.zeros(n_steps, np.int64)
    jth = np.zeros(n_steps, np.int64)
    room = np.zeros((n_steps + 1, n_slots), np.int64)
    L = 0
    for i in range(n_classes):
        for j in range(n_in[i]):
            cls[L] = i
            jth[L] = j
            for ii in range(i + 1, n_classes):
                for jj in range(n_in[ii]):
                    room[L, slots[ii, jj]] += size[ii]
            for jj in range(j, n_in[i]):
                room[L, slots[i, jj]] += size[i]
            L += 1
    return n_steps, cls, jth, room


@njit(cache=True, nogil=True)
def _build(need, n_classes, size, slots, n_in):
    """The counts: ``(code, total, lv_start, states, f, stride)``, ``code`` -2 when too large.

    The layouts are built in steps, one per (class, slot): how many of the class's
    cards go to that slot.  Level ``L`` (``states[lv_start[L]:lv_start[L+1]]``, sorted)
    holds the needs vectors (mixed radix, ``stride``) that can remain before step ``L``
    and can still be completed as far as ``room`` tells; ``f`` their counts.  Before a
    step of class ``i`` the class's cards still to place number ``sum(r)`` minus the
    cards of the later classes, so the state needs nothing more.  Level 0 is ``need``
    alone and ``total`` its count.
    """
    n_slots = need.shape[0]
    stride = np.zeros(n_slots, np.int64)
    n_states = 1
    for k in range(n_slots):
        stride[k] = n_states
        n_states *= need[k] + 1
    n_steps, cls, jth, room = _steps(n_classes, size, slots, n_in, n_slots)
    lv_start = np.zeros(n_steps + 2, np.int64)
    states = np.zeros(64, np.int64)
    f = np.zeros(0, np.float64)
    if n_states > MAX_STATES:
        return -2, 0.0, lv_start, states, f, stride
    later = np.zeros(n_classes + 1, np.int64)      # cards of classes i.. (suffix sums)
    for i in range(n_classes - 1, -1, -1):
        later[i] = later[i + 1] + size[i]
    mark = np.full(n_states, -1, np.int32)
    r = np.zeros(n_slots, np.int64)
    states[0] = n_states - 1
    n = 1
    lv_start[1] = 1
    for L in range(n_steps):                        # forward: the reachable states
        i = cls[L]
        k = slots[i, jth[L]]
        for p in range(lv_start[L], lv_start[L + 1]):
            idx = states[p]
            t = _decode(idx, need, stride, r) - later[i + 1]
            lo, hi = _span(r, t, i, jth[L], slots, n_in)
            for x in range(lo, hi + 1):
                s = idx - x * stride[k]
                if mark[s] == L + 1:
                    continue
                r[k] -= x
                alive = True
                for kk in range(n_slots):
                    if r[kk] > room[L + 1, kk]:
                        alive = False
                r[k] += x
                if not alive:
                    continue
                mark[s] = L + 1
                if n == states.shape[0]:
                    if n >= MAX_TABLE:
                        return -2, 0.0, lv_start, states, f, stride
                    grown = np.zeros(min(2 * n, MAX_TABLE), np.int64)
                    grown[:n] = states
                    states = grown
                states[n] = s
                n += 1
        lv_start[L + 2] = n
        states[lv_start[L + 1]:n] = np.sort(states[lv_start[L + 1]:n])
    f = np.zeros(n, np.float64)
    for p in range(lv_start[n_steps], lv_start[n_steps + 1]):
        f[p] = 1.0                                  # the one state left: nothing needed
    pos = mark
    pos[:] = -1
    for L in range(n_steps - 1, -1, -1):            # backward: the counts
        i = cls[L]
        k = slots[i, jth[L]]
        for p in range(lv_start[L + 1], lv_start[L + 2]):
            pos[states[p]] = p
        for p in range(lv_start[L], lv_start[L + 1]):
            idx = states[p]
            t = _decode(idx, need, stride, r) - later[i + 1]
            lo, hi = _span(r, t, i, jth[L], slots, n_in)
            total = 0.0
            for x in range(lo, hi + 1):
                q = pos[idx - x * stride[k]]
                if q >= 0:
                    total += _BINOM[t, x] * f[q]
            f[p] = total
        for p in range(lv_start[L + 1], lv_start[L + 2]):
            pos[states[p]] = -1
    return 0, f[0], lv_start, states, f, stride


@njit(cache=True, nogil=True)
def layout_count(hidden, need, allowed):
    """The number of consistent layouts (float64); -1.0 / -2.0 as ``sample_worlds``."""
    ok = _check(hidden, need, allowed)
    if ok <= 0:
        return float(ok)
    n_classes, size, slots, n_in, _ = _classes(hidden, need, allowed)
    if n_classes < 0:
        return 0.0
    code, total, _, _, _, _ = _build(need, n_classes, size, slots, n_in)
    if code != 0:
        return float(code)
    return total


# ---------------------------------------------------------------------------- sampling

@njit(cache=True, nogil=True)
def _reject(state, bits, have, buf, m, need, order, allowed, row):
    """One rejection attempt into ``row``; returns ``(state, bits, have, accepted)``."""
    n_slots = need.shape[0]
    pos = 0
    for t in range(n_slots - 1):
        k = order[t]
        al = allowed[k]
        mask = ZERO
        for _ in range(need[k]):
            state, bits, have, r = _draw32(state, bits, have)
            j = pos + bounded(r, m - pos)
            c = buf[j]
            buf[j] = buf[pos]
            buf[pos] = c
            pos += 1
            bit = ONE << np.uint64(c)
            if al & bit == ZERO:
                return state, bits, have, False
            mask |= bit
        row[k] = mask
    k = order[n_slots - 1]
    mask = ZERO
    for i in range(pos, m):
        mask |= ONE << np.uint64(buf[i])
    if mask & ~allowed[k] != ZERO:
        return state, bits, have, False
    row[k] = mask
    return state, bits, have, True


@njit(cache=True, nogil=True)
def _from_counts(state, need, n_classes, size, slots, n_in, cards, stride, lv_start, states,
                 f, r, buf, row):
    """One world, step by step from the counts; which cards of a class go to a slot
    uniformly among those of the class still unplaced."""
    n_slots = need.shape[0]
    for k in range(n_slots):
        row[k] = ZERO
    idx = states[0]
    p = 0
    bits = ZERO
    have = 0
    L = 0
    later = 0
    for i in range(n_classes):
        later += size[i]
    for i in range(n_classes):
        m = size[i]
        later -= m
        for t in range(m):
            buf[t] = cards[i, t]
        at = 0
        for j in range(n_in[i]):
            k = slots[i, j]
            t = _decode(idx, need, stride, r) - later
            lo, hi = _span(r, t, i, j, slots, n_in)
            x = lo
            q = -1
            if hi > lo:
                state, u64 = next_u64(state)
                u = np.float64(u64 >> np.uint64(11)) * _U53 * f[p]
                cum = 0.0
                for xx in range(lo, hi + 1):
                    qq = _find(states, lv_start[L + 1], lv_start[L + 2], idx - xx * stride[k])
                    if qq >= 0:
                        term = _BINOM[t, xx] * f[qq]
                        if term > 0.0:
                            x = xx
                            q = qq
                            cum += term
                            if cum > u:
                                break
            else:
                q = _find(states, lv_start[L + 1], lv_start[L + 2], idx - x * stride[k])
            mask = ZERO
            if j == n_in[i] - 1:
                for tt in range(at, m):
                    mask |= ONE << np.uint64(buf[tt])
            else:
                for _ in range(x):
                    state, bits, have, rr = _draw32(state, bits, have)
                    jj = at + bounded(rr, m - at)
                    c = buf[jj]
                    buf[jj] = buf[at]
                    buf[at] = c
                    at += 1
                    mask |= ONE << np.uint64(c)
            row[k] |= mask
            idx -= x * stride[k]
            p = q
            L += 1
    return state


@njit(cache=True, nogil=True)
def sample_worlds(key, hidden, need, allowed, out, tries):
    """Fill each row of ``out`` (uint64[n_worlds, n_slots]) with an independent uniform layout.

    ``key`` uint64 stream key; ``hidden`` uint64 mask of the cards to place; ``need``
    int64[n_slots] cards per slot; ``allowed`` uint64[n_slots] the cards each slot may
    hold; ``tries`` rejection attempts per world before the exact counting fallback (0:
    the fallback only).  Returns ``n_worlds``, 0 (no consistent layout), -1 (inconsistent
    arguments) or -2 (the fallback's state space is too large); see the module docstring.
    """
    n_slots = need.shape[0]
    if out.shape[1] != n_slots:
        return -1
    ok = _check(hidden, need, allowed)
    if ok <= 0:
        return ok
    n_worlds = out.shape[0]
    m = popcount(hidden)
    pool = np.zeros(64, np.int64)
    h = hidden
    for i in range(m):
        pool[i] = low_index(h)
        h &= h - ONE
    # rejection fills the slot that needs most last (it takes what is left, no draws)
    order = np.zeros(n_slots, np.int64)
    big = 0
    for k in range(n_slots):
        if need[k] > need[big]:
            big = k
    t = 0
    for k in range(n_slots):
        if k != big:
            order[t] = k
            t += 1
    order[n_slots - 1] = big
    buf = np.zeros(64, np.int64)
    # the counts, built when first needed
    counted = False
    n_classes = 0
    size = np.zeros(0, np.int64)
    n_in = np.zeros(0, np.int64)
    slots = np.zeros((0, MAX_SLOTS), np.int64)
    cards = np.zeros((0, 64), np.int64)
    lv_start = np.zeros(0, np.int64)
    states = np.zeros(0, np.int64)
    f = np.zeros(0, np.float64)
    stride = np.zeros(n_slots, np.int64)
    r = np.zeros(n_slots, np.int64)
    bits = ZERO
    have = 0
    reject = tries > 0
    for w in range(n_worlds):
        state = stream_key(key, w)
        row = out[w]
        done = False
        if reject:
            for i in range(m):
                buf[i] = pool[i]
            bits = ZERO
            have = 0
            for _ in range(tries):
                state, bits, have, done = _reject(state, bits, have, buf, m, need, order,
                                                  allowed, row)
                if done:
                    break
            if w == 0 and not done:
                reject = False          # rejection is failing: the counts for all worlds
        if not done:
            if not counted:
                n_classes, size, slots, n_in, cards = _classes(hidden, need, allowed)
                if n_classes < 0:
                    return 0
                code, total, lv_start, states, f, stride = _build(need, n_classes, size,
                                                                  slots, n_in)
                if code != 0:
                    return code
                if not total > 0.0:
                    return 0
                counted = True
            _from_counts(state, need, n_classes, size, slots, n_in, cards, stride, lv_start,
                         states, f, r, buf, row)
    return n_worlds


# ----------------------------------------------------------------------------- Python

def _arguments(hidden, need, allowed):
    """Validated kernel arguments, or InputError with a one-line message."""
    if not isinstance(hidden, (int, np.integer)) or not 0 <= int(hidden) < 1 << 64:
        raise InputError("hidden must be a card mask, an integer in 0..2**64-1")
    hidden = int(hidden)
    need = np.asarray(need, dtype=object).reshape(-1).tolist()
    allowed = np.asarray(allowed, dtype=object).reshape(-1).tolist()
    if any(not isinstance(v, (int, np.integer)) or isinstance(v, bool) for v in need + allowed):
        raise InputError("need and allowed must hold integers")
    need = [int(v) for v in need]
    allowed = [int(v) for v in allowed]
    if not 1 <= len(need) <= MAX_SLOTS:
        raise InputError(f"need {len(need)} slots: there must be 1..{MAX_SLOTS}")
    if len(allowed) != len(need):
        raise InputError(f"allowed has {len(allowed)} masks for {len(need)} slots")
    if min(need) < 0:
        raise InputError("a slot cannot need a negative number of cards")
    if any(not 0 <= a < 1 << 64 for a in allowed):
        raise InputError("allowed masks must be integers in 0..2**64-1")
    if sum(need) != hidden.bit_count():
        raise InputError(f"the slots need {sum(need)} cards but {hidden.bit_count()} are hidden")
    return np.uint64(hidden), np.array(need, np.int64), np.array(allowed, np.uint64)


def count_layouts(hidden, need, allowed) -> float:
    """The number of layouts of ``hidden`` into slots of sizes ``need`` within ``allowed``."""
    h, nd, al = _arguments(hidden, need, allowed)
    n = layout_count(h, nd, al)
    if n == -2.0:
        raise InputError(f"too many states to count: prod(need + 1) above {MAX_STATES} "
                         f"or more than {MAX_TABLE} reachable")
    return float(n)


def draw_worlds(seed: int, hidden: int, need, allowed, n_worlds: int, tries: int = 16) -> np.ndarray:
    """``n_worlds`` uniform consistent layouts as masks ``(n_worlds, n_slots)`` (uint64)."""
    h, nd, al = _arguments(hidden, need, allowed)
    if int(n_worlds) < 0 or int(tries) < 0:
        raise InputError("n_worlds and tries must be non-negative")
    out = np.zeros((int(n_worlds), nd.shape[0]), np.uint64)
    rc = sample_worlds(seed_key(int(seed)), h, nd, al, out, np.int64(tries))
    if rc == 0 and n_worlds > 0:
        raise InputError("no layout of the hidden cards honours the facts")
    if rc == -2:
        raise InputError(f"the facts defeat rejection and the exact count needs too many states "
                         f"(prod(need + 1) above {MAX_STATES} or more than {MAX_TABLE} "
                         f"reachable); try more tries")
    if rc < 0:
        raise InputError("inconsistent slot sizes or masks")
    return out


@njit(cache=True, nogil=True)
def seat_worlds(key, hidden, need, allowed, slot_seat, known, worlds, tries):
    """``sample_worlds`` written as the hands of a table: slot ``j`` (``need[j]`` cards
    within ``allowed[j]``) is seat ``slot_seat[j]``'s hidden cards, or no seat's (-1: a
    kitty, the discards, a stock, a hand out of play); ``worlds[w, s]`` receives
    ``known[s]`` (the cards known to be there: the viewer's own hand, an exposed hand)
    plus its slot.  Fills ``worlds[:n]`` with ``n = worlds.shape[0]`` independent uniform
    layouts; returns ``sample_worlds``'s code (n, or <= 0)."""
    k = need.shape[0]
    out = np.empty((worlds.shape[0], k), np.uint64)
    got = sample_worlds(key, hidden, need, allowed, out, tries)
    if got <= 0:
        return got
    for w in range(got):
        for s in range(worlds.shape[1]):
            worlds[w, s] = known[s]
        for j in range(k):
            s = slot_seat[j]
            if s >= 0:
                worlds[w, s] |= out[w, j]
    return got
