"""Charts and written reports (matplotlib, markdown)."""
