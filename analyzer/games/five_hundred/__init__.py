"""Five Hundred (Australian rules, Avondale scoring): see shared rules five_hundred.md."""
