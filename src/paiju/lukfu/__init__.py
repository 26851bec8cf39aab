"""Luk Fu (六虎), the Hakka multi-trick game, for three or four players."""
