"""Checks of the run parameters every simulation question takes (one clear line each)."""

from __future__ import annotations

from .errors import InputError


def check_run(deals: int | None, seed: int | None, threads: int | None):
    if deals is None or deals <= 0:
        raise InputError(f"--deals must be a positive number, got {deals}")
    if seed is not None and seed < 0:
        raise InputError(f"--seed must be a non-negative integer, got {seed}")
    if threads is not None and threads <= 0:
        raise InputError(f"--threads must be positive, got {threads}")


def check_play(play: str, available: tuple[str, ...], game: str):
    if play not in available:
        raise InputError(f"--play {play} is not available for {game} (choose: {', '.join(available)})")
