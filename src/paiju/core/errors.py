"""The errors paiju raises. Each carries a message a player or user can act on."""


class PaijuError(Exception):
    """Base of every paiju error."""


class IllegalAction(PaijuError):
    """An action the rules forbid. The state is left unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedRecord(PaijuError):
    """Input that is not a well-formed record: bad JSON, unknown card, impossible deal."""


class UnknownOption(MalformedRecord):
    """An option name or value that the game's rules do not know, or a conflict between options."""


class UnknownCard(MalformedRecord):
    """A card token that no notation of the game recognises."""
