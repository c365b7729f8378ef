"""Avondale scoring of one deal, and the end-of-game rules."""

from __future__ import annotations

from .bidding import Contract
from .deck import N_TRICKS

SLAM_SCORE = 250
DEFENDER_PER_TRICK = 10


def score_deal(contract: Contract, contractor_tricks: int) -> tuple[int, int]:
    """Points for (the contractor's side, the opponents) after one deal.

    Suit/NT: made → bid value (250 for all ten tricks on a bid worth less); failed →
    minus the value; the opponents always score 10 a trick.  Misère: no trick → +value,
    any trick → −value; defenders score nothing.
    """
    if not 0 <= contractor_tricks <= N_TRICKS:
        raise ValueError(f"tricks must be 0..{N_TRICKS}, got {contractor_tricks}")
    if contract.is_misere:
        return (contract.value if contractor_tricks == 0 else -contract.value), 0
    defenders = DEFENDER_PER_TRICK * (N_TRICKS - contractor_tricks)
    if contractor_tricks >= contract.level:
        if contractor_tricks == N_TRICKS and contract.value < SLAM_SCORE:
            return SLAM_SCORE, defenders
        return contract.value, defenders
    return -contract.value, defenders


def game_winner(totals: tuple[int, int], contractor_side: int, made: bool) -> int | None:
    """Who has won after a deal, given both sides' new totals (None: play on).

    A side wins only after a deal in which it made a contract and its total is ≥ 500,
    so only the contractor's side can win by reaching 500 (which also settles the
    option "both sides cross on one deal: the contractor wins").  A side at −500 or
    below loses ("out the back door").
    """
    other = 1 - contractor_side
    if made and totals[contractor_side] >= 500:
        return contractor_side
    if totals[contractor_side] <= -500:
        return other
    if totals[other] <= -500:
        return contractor_side
    return None


def defender_points_at(total_before: int, points: int, cap_rule: str = "none") -> int:
    """Option (seed variation): a side at 490 (or 480) scores nothing for defensive tricks."""
    if cap_rule == "490" and total_before >= 490:
        return 0
    if cap_rule == "480" and total_before >= 480:
        return 0
    return points


def score_record(contract: str, tricks: int) -> dict:
    """Both sides' points when ``contract`` (e.g. "7S", "MIS") takes ``tricks`` (0-10):
    the ``analyzer five-hundred score`` record (contract, tricks, contractor, opponents)."""
    import operator

    from ...errors import InputError
    from .bidding import parse_contract

    c = parse_contract(contract)
    try:
        tricks = operator.index(tricks)
    except TypeError:
        tricks = None
    if isinstance(tricks, bool) or tricks is None or not 0 <= tricks <= N_TRICKS:
        raise InputError(f"tricks must be a whole number from 0 to {N_TRICKS}")
    ours, theirs = score_deal(c, tricks)
    return {"contract": c.name, "tricks": tricks, "contractor": ours, "opponents": theirs}
