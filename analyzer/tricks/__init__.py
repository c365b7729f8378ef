"""The shared trick-taking engine, driven by rule tables.

Bit layout (every trick game): a game relabels its cards, per contract, into a 64-bit
layout of four 16-bit *lanes*, one per effective suit, in which a higher bit is a
stronger card of that suit.  The rule table says which bits form each effective suit,
which beat everything (trumps), and the game's special duties (see ``tables``).  Kernels
never infer suits from bit positions; they use the table's suit masks.
"""
