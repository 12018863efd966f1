"""The stored username keys (see roster.accounts.usernames)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class UsernameKey(models.Model):
    """A user's folded username and its look-alike skeleton, each unique in the table:
    the database itself refuses a second account whose name reads the same."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="username_key"
    )
    folded = models.CharField(max_length=600, unique=True)
    skeleton = models.CharField(max_length=600, unique=True)
    # The skeleton with the digit 1 read as an i (usernames.alternate): not unique (it may
    # equal the skeleton of a name taken before it existed), checked at sign-up.
    alternate = models.CharField(max_length=600, blank=True, default="", db_index=True)

    def __str__(self) -> str:
        return self.folded
