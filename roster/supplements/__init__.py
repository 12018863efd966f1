"""Supplements in the database: a player's own values and homebrew, with versions, and
which version each roster uses (docs/supplements.md)."""
