"""The rules' engine: cards, combinations, the state machine and views."""
