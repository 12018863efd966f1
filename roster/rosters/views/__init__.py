"""Muster's views: accounts, the roster list, the editor and its history."""
