"""UECda: the wire protocol of the UEC computer Daihinmin competition, its standard
client's strategy and a client that plays on a UECda server (docs/uecda.md)."""
