"""Command-line interface: thin click commands over the question functions."""
