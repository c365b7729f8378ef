"""Experiment machinery: counter-based random streams, dealing, chunked runs."""
