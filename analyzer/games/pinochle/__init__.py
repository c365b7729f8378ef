"""Partnership Pinochle: four players, partners opposite, 48-card double deck."""
