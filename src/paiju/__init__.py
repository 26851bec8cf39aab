"""paiju (牌局): rules-exact engines, a referee and players for Luk Fu and Dai Fugō."""

__version__ = "0.1.0"

from paiju import compiled as _compiled

_compiled.choose()  # the compiled engines, or PAIJU_PURE=1's pure ones (paiju/compiled.py)
