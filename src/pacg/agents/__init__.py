"""Answerers of Decisions: people at a terminal, random players, AI players (DESIGN.md 3, 5)."""
