"""Test helper for the single-dummy samplers: what every sampled world must be."""


def check_world(row, hands, seat, plays, void, suit_mask) -> int:
    """One world ``row`` (a card mask a seat) sampled for ``seat`` from the true ``hands``:
    the seat's own hand as it is; a seat that does not play (``plays(s)`` false) empty;
    every other seat as many cards as it holds, no card twice, none of a suit it showed
    void in (``void(s, x)``; ``suit_mask(x)``: suit x's cards).  Returns the cards dealt."""
    assert row[seat] == hands[seat]
    seen = 0
    for s, hand in enumerate(row):
        if not plays(s):
            assert hand == 0
            continue
        assert bin(hand).count("1") == bin(hands[s]).count("1")
        assert not (seen & hand)
        seen |= hand
        for x in range(4):
            if void(s, x):
                assert not (hand & suit_mask(x))
    return seen
