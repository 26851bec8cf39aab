"""What a seat can deduce about the cards it has not seen, and deals consistent with it."""
