"""Rummy 500 (500 Rum), 2-8 players (rules: the team's ``rules/rummy500.md``)."""
