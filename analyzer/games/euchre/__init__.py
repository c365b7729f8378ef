"""Euchre, two-handed (default) and four-handed: see shared rules euchre.md."""
