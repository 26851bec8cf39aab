"""Every table of the server: created from a request's settings, or restored from the
store on first use (:class:`Hub`); one table's life is :mod:`paiju.web.tables`."""

from __future__ import annotations

import secrets
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from paiju.web.catalog import WebError, bot_name, parse_settings
from paiju.web.store import SeatRow, Store, TableRow
from paiju.web.tables import Config, Table


class Hub:
    """Every table of the server, loaded from the store on first use."""

    def __init__(self, store: Store, config: Config | None = None,
                 executor: Executor | None = None) -> None:
        self.store = store
        self.config = config or Config()
        self.executor = executor or ThreadPoolExecutor(max_workers=4,
                                                       thread_name_prefix="paiju-player")
        self.tables: dict[str, Table] = {}

    def create(self, body: Any) -> Table:
        """A new table from a request's settings (checked)."""
        settings = parse_settings(body)
        table_id = secrets.token_hex(5)
        seed = secrets.randbelow(2**62)
        seats = [SeatRow(n, "human") if spec == "human"
                 else SeatRow(n, "bot", spec, bot_name(spec, n))
                 for n, spec in enumerate(settings.seats)]
        row = TableRow(table_id, settings.game, settings.to_json(), seed, seats=seats)
        self.store.create_table(row)
        table = Table(row, self.store, self.config, self.executor)
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, restored from the store if needed; ``WebError(404)``."""
        table = self.tables.get(table_id)
        if table is None:
            row = self.store.load(table_id) if len(table_id) <= 64 else None
            if row is None:
                raise WebError(404, f"there is no table {table_id!r}")
            table = Table(row, self.store, self.config, self.executor)
            self.tables[table_id] = table
        return table

    def record(self, table_id: str, hand: int) -> dict[str, Any]:
        """A finished hand's record; 409 before the hand is over, 404 for no such hand."""
        table = self.get(table_id)
        record = self.store.hand_record(table_id, hand)
        if record is not None:
            return record
        if 1 <= hand <= table.hand:
            raise WebError(409, f"hand {hand} is not over yet")
        raise WebError(404, f"this table has not dealt hand {hand}")

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
