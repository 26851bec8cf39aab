"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments for both games.

Install the ``rl`` extra (``pip install -e '.[rl]'`` in paiju's folder). Nothing else in
paiju imports this package. The encodings are in :mod:`paiju.rl.actions` and
:mod:`paiju.rl.observe`; the environments in :mod:`paiju.rl.pettingzoo`, :mod:`paiju.rl.gym` and
:mod:`paiju.rl.openspiel`; docs/rl.md describes them.
"""
