"""Boneyard's rules engine: domino games, computer players and solvers in pure Python."""

__version__ = "0.1.0"
