"""Accounts beyond Django's own: usernames unique across case, Unicode forms and
look-alikes; the all-rosters archive; allauth's adapter and forms (docs/accounts.md)."""
