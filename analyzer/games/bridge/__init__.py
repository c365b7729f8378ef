"""Bridge card play: the plainest trick game, used to prove the double-dummy solver
against DDS (see ``rules/bridge_validation.md``)."""
