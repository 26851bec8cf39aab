"""``paiju train``: a learned policy from a stronger player's choices (docs/learned.md)."""
