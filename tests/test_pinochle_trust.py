"""Pinochle's agreement benchmark (``trust pinochle``): the policy's calls and the partner's
pass, which every Pinochle answer simulates for the other seats, against the bid and pass
questions asked from the seat that made them."""

from analyzer.games.pinochle.questions import parse_auction
from analyzer.games.pinochle.rules import Options
from analyzer.games.pinochle.trust import _key, decisions


def test_decisions_are_turns_of_self_play_auctions():
    a, b = decisions(24, 3), decisions(24, 3)
    assert [d.label for d in a] == [d.label for d in b] and [d.fast for d in a] == [d.fast for d in b]
    assert {d.kind for d in a} == {"call", "pass"}
    for d in a:
        assert len(d.kwargs["hand"].split()) == 12
        if d.kind == "pass":
            # the policy's four cards, from the partner's hand
            give = d.fast.split()
            assert len(give) == 4 and all(d.kwargs["hand"].split().count(c) >= give.count(c) for c in give)
            assert d.kwargs["bid"] >= 250 and d.kwargs["trump"] in "SCDH"
            continue
        heard = d.kwargs.get("auction")
        if heard:
            # the calls are legal and it is this seat's turn after them
            _, (nxt, current, _, _) = parse_auction(heard, Options())
            assert nxt + 1 == d.kwargs["seat"]
        else:
            current = 0
        # the policy only ever makes the next bid, or passes
        assert d.fast == "pass" or d.fast == f"bid {current + 10 if current else 250}"


def test_the_keys_tell_calls_from_declare_rows():
    import pandas as pd
    t = pd.DataFrame({"action": ["bid", "call", "pass"], "bid": pd.array([250, 250, None], dtype="Int64"),
                      "trump": ["S", None, None]})
    assert list(_key(t)) == ["declare 250 S", "bid 250", "pass"]
