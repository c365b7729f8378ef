"""Hand-built positions for the shared trick heuristic: the plays a card player expects."""


from analyzer.tricks.heuristic import follow_for_tricks
from tests.conftest import SUIT_INDEX, from_mask, kernel_rules, to_mask
from tests.reference import five_hundred as ref

DECK_CARDS = [c for c in ref.DECK]


def follow(hand, trick, strain, *, partner_winning, partner_after, opponents_after,
           ruff_threat=False, seen=()):
    """The heuristic's card for ``hand`` following ``trick`` (cards so far, lead first)."""
    rules = kernel_rules(strain)
    led = ref.effective_suit(trick[0], strain)
    best = trick[0]
    for c in trick[1:]:
        if ref.trick_winner([best, c], strain) == 1:
            best = c
    legal = ref.legal_follows(hand, led, strain)
    unseen = [c for c in DECK_CARDS if c not in hand and c not in trick and c not in seen]
    card = follow_for_tricks(rules, to_mask(hand, strain), to_mask(legal, strain), SUIT_INDEX[led],
                             to_mask([best], strain), partner_winning, partner_after, opponents_after,
                             ruff_threat, to_mask(unseen, strain))
    (out,) = from_mask(card, strain)
    return out


def test_third_hand_plays_high_over_partners_low_card():
    # Partner leads 7S, second hand plays 5S; we hold AS and 6S with fourth hand to come.
    assert follow(["AS", "6S", "9D", "8D"], ["7S", "5S"], "H", partner_winning=True,
                  partner_after=False, opponents_after=True) == "AS"


def test_partners_master_is_not_overtaken():
    assert follow(["KS", "6S", "9D"], ["AS", "5S"], "H", partner_winning=True,
                  partner_after=False, opponents_after=True) == "6S"


def test_partners_winner_is_never_trumped():
    # Void in spades with trumps: partner's 9S is not master, but we do not ruff it.
    assert follow(["9H", "8H", "7D"], ["9S", "5S"], "H", partner_winning=True,
                  partner_after=False, opponents_after=True) == "7D"


def test_last_hand_wins_as_cheaply_as_possible():
    assert follow(["AS", "QS", "6S"], ["TS", "5S", "JS"], "H", partner_winning=False,
                  partner_after=False, opponents_after=False) == "QS"


def test_last_hand_ducks_when_partner_wins():
    assert follow(["AS", "6S"], ["TS", "KS", "5S"], "H", partner_winning=True,
                  partner_after=False, opponents_after=False) == "6S"


def test_second_hand_low():
    assert follow(["KS", "6S", "9D"], ["7S"], "H", partner_winning=False,
                  partner_after=True, opponents_after=True) == "6S"


def test_void_ruffs_opponents_winner_cheaply_when_last():
    assert follow(["JH", "5H", "9D"], ["AS", "6S", "7S"], "H", partner_winning=False,
                  partner_after=False, opponents_after=False) == "5H"


def test_master_played_second_hand():
    # Holding the top spade with the ace gone: second hand takes the trick with it.
    assert follow(["KS", "6S"], ["7S"], "H", partner_winning=False, partner_after=True,
                  opponents_after=True, seen=["AS"]) == "KS"
