"""Sheets prepared by the task worker: the web asks, a worker renders (docs/sheets.md)."""
