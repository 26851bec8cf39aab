"""The table, for every front end: how cards and actions read, and the search's hints.

The terminal (:mod:`paiju.ui`) and the browser (:mod:`paiju.web`) both draw from here,
so a card, a log line or a hint reads the same wherever it is shown.
"""
