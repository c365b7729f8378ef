"""Sheepshead, five-handed, called ace (rules: the team's ``rules/sheepshead.md``)."""
