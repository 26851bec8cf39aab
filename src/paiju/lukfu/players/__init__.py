"""The computer players' parts that know this game."""
