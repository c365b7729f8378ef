"""Avondale scoring, the end-of-game rule and the bidding ladder, against the rules file
and the reference."""

import itertools

import pytest

from analyzer.errors import InputError
from analyzer.games.five_hundred.bidding import (ALL_CONTRACTS, MISERE_CONTRACT, OPEN_MISERE_CONTRACT,
                                                 Contract, allowed, ladder, parse_contract, parse_contracts)
from analyzer.games.five_hundred.rules import Options
from analyzer.games.five_hundred.scoring import defender_points_at, game_winner, score_deal
from tests.reference import five_hundred as ref


def kernel_contract(name: str) -> Contract:
    return parse_contract(name)


# ----------------------------------------------------------------------------- scoring
def test_every_avondale_value():
    table = {  # the schedule as printed in the rules file, row by row
        6: (40, 60, 80, 100, 120), 7: (140, 160, 180, 200, 220), 8: (240, 260, 280, 300, 320),
        9: (340, 360, 380, 400, 420), 10: (440, 460, 480, 500, 520)}
    for level, values in table.items():
        for strain, v in zip(("S", "C", "D", "H", "NT"), values):
            assert kernel_contract(f"{level}{strain}").value == v == ref.value(f"{level}{strain}")
    assert MISERE_CONTRACT.value == 250 and OPEN_MISERE_CONTRACT.value == 500


@pytest.mark.parametrize("contract,tricks,expected", [
    ("6S", 6, (40, 40)), ("6S", 9, (40, 10)), ("6S", 5, (-40, 50)), ("6S", 0, (-40, 100)),
    ("7S", 10, (250, 0)),        # slam: worth less than 250, all ten tricks score 250
    ("6S", 10, (250, 0)), ("7NT", 10, (250, 0)), ("8S", 10, (250, 0)),
    ("8C", 10, (260, 0)),        # worth 260 already: no slam bonus
    ("8NT", 10, (320, 0)),       # 320, not 250
    ("10H", 10, (500, 0)), ("10NT", 9, (-520, 10)), ("7H", 7, (200, 30)), ("7H", 6, (-200, 40)),
    ("9D", 9, (380, 10)), ("9D", 8, (-380, 20)),
    ("MIS", 0, (250, 0)), ("MIS", 1, (-250, 0)), ("MIS", 10, (-250, 0)),
    ("OPENMIS", 0, (500, 0)), ("OPENMIS", 2, (-500, 0)),
])
def test_known_deal_scores(contract, tricks, expected):
    assert score_deal(kernel_contract(contract), tricks) == expected
    assert ref.score(contract, tricks) == expected


def test_score_deal_matches_reference_everywhere():
    for name in ref.ALL_CONTRACTS:
        for tricks in range(11):
            assert score_deal(kernel_contract(name), tricks) == ref.score(name, tricks), (name, tricks)


@pytest.mark.parametrize("tricks", [-1, 11])
def test_score_deal_rejects_impossible_tricks(tricks):
    with pytest.raises(ValueError):
        score_deal(kernel_contract("7H"), tricks)


@pytest.mark.parametrize("totals,contractor,made,expected", [
    ((500, 100), 0, True, 0),       # made a contract and reached 500
    ((520, 100), 1, False, None),   # side 0 passed 500 on defence: does not win
    ((480, 510), 1, True, 1),
    ((510, 100), 0, False, None),   # failed the contract: cannot win this deal
    ((-500, 200), 0, False, 1),     # out the back door
    ((-480, 200), 0, False, None),
    ((200, -520), 0, True, 0),
    ((499, 0), 0, True, None),
    ((600, 550), 1, True, 1),       # both over 500: the side that made its contract
])
def test_game_winner(totals, contractor, made, expected):
    assert game_winner(totals, contractor, made) == expected
    assert ref.winner_after_deal(totals, contractor, made) == expected


# ----------------------------------------------------------------------------- bidding
@pytest.mark.parametrize("misere_rank", ["ladder", "value"])
def test_ladder_order(misere_rank):
    names = [c.name for c in ladder(Options(misere_rank=misere_rank))]
    assert names == ref.ladder(misere_rank)
    assert len(names) == 27 and set(names) == {c.name for c in ALL_CONTRACTS}
    assert names[0] == "6S" and names[-1] == "10NT"
    if misere_rank == "ladder":
        assert names.index("7NT") + 1 == names.index("MIS") == names.index("8S") - 1
    else:
        assert names.index("8S") + 1 == names.index("MIS") == names.index("8C") - 1
    assert names.index("10D") + 1 == names.index("OPENMIS") == names.index("10H") - 1


def test_ladder_is_not_the_order_of_values():
    names = ref.ladder()
    assert names.index("MIS") < names.index("8S") and ref.value("MIS") > ref.value("8S")


@pytest.mark.parametrize("text,expected", [
    ("6S", "6S"), ("6s", "6S"), ("10NT", "10NT"), ("10nt", "10NT"), ("7♥", "7H"), ("8 ♦", "8D"),
    ("9N", "9NT"), ("6 no trumps", "6NT"), ("7-c", "7C"), ("mis", "MIS"), ("Misère", "MIS"),
    ("misere", "MIS"), ("open misere", "OPENMIS"), ("OM", "OPENMIS"), ("open_misère", "OPENMIS"),
])
def test_parse_contract_aliases(text, expected):
    assert parse_contract(text).name == expected


@pytest.mark.parametrize("text", ["5S", "11H", "7X", "", "misery", "7", "NT"])
def test_parse_contract_rejects(text):
    with pytest.raises(InputError):
        parse_contract(text)


def test_parse_contracts_list():
    assert [c.name for c in parse_contracts("7H, 8h,mis,7♥")] == ["7H", "8H", "MIS"]
    with pytest.raises(InputError):
        parse_contracts(" , ")


OPTION_SETS = [dict(misere=m, misere_rank=r) for m in ("seven", "any", "none") for r in ("ladder", "value")]


@pytest.mark.parametrize("options", OPTION_SETS, ids=[f"{o['misere']}-{o['misere_rank']}" for o in OPTION_SETS])
def test_allowed_matches_reference_for_every_pair(options):
    overs = [None] + list(ref.ALL_CONTRACTS)
    for bid, over in itertools.product(ref.ALL_CONTRACTS, overs):
        got = allowed(kernel_contract(bid), kernel_contract(over) if over else None, Options(**options))
        assert got == ref.may_bid(bid, over, **options), (bid, over, options)


@pytest.mark.parametrize("bid,over,options,expected", [
    ("MIS", "7S", {}, True),              # misère over any 7-level bid
    ("MIS", "7NT", {}, True),
    ("MIS", None, {}, False),             # not as an opening bid by default
    ("MIS", "6NT", {}, False),            # not before someone bids 7
    ("MIS", "8S", {}, False),             # nor after an 8-level bid
    ("MIS", "6NT", {"misere": "any"}, True),
    ("MIS", None, {"misere": "any"}, True),
    ("MIS", "8S", {"misere": "any"}, False),   # still below 8S on the ladder
    ("MIS", "8S", {"misere": "any", "misere_rank": "value"}, True),
    ("MIS", "8C", {"misere": "any", "misere_rank": "value"}, False),
    ("MIS", "7H", {"misere": "none"}, False),
    ("8S", "MIS", {}, True), ("7NT", "MIS", {}, False),
    ("OPENMIS", None, {}, True),          # open misère may be bid at any time, even first
    ("OPENMIS", "10D", {}, True), ("OPENMIS", "10H", {}, False), ("10H", "OPENMIS", {}, True),
    ("10D", "OPENMIS", {}, False), ("7H", "7H", {}, False), ("6S", None, {}, True),
])
def test_allowed_known_cases(bid, over, options, expected):
    assert allowed(kernel_contract(bid), kernel_contract(over) if over else None, Options(**options)) is expected
    assert ref.may_bid(bid, over, **options) is expected


@pytest.mark.parametrize("total,rule,expected", [
    (490, "490", 0), (489, "490", 30), (480, "480", 0), (479, "480", 30), (495, "none", 30), (-20, "480", 30),
])
def test_defender_points_cap_option(total, rule, expected):
    assert defender_points_at(total, 30, rule) == expected
