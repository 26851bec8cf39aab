"""Dai Fugō (大富豪), also called Dai Hinmin: cards, combinations, rules, hands and sessions."""
