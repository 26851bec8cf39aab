"""Dai Fugō's options by where they come from: 004 and its variants (:mod:`.pagat`), the
common Japanese house rules (:mod:`.house`), and the readings where 004 is silent that
the UECda rules settle (:mod:`.readings`); :class:`paiju.daifugo.rules.Rules` holds them
all, in that order."""
