"""paiju (牌局): rules-exact engines, a referee and players for Luk Fu and Dai Fugō."""

__version__ = "0.1.0"
