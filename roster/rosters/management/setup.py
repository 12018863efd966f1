"""One-line answers, never a traceback, when a command needs a database that is not set up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import CommandError
from django.db import DatabaseError

from roster.rosters.catalogue import CatalogueMissing

NOT_SET_UP = "the database is not set up: run `manage.py migrate` and `manage.py load_rules` first"


@contextmanager
def database_needed(what: str) -> Iterator[None]:
    """Turn a missing table (DatabaseError) or missing rules data into a CommandError
    "<what>: the database is not set up: run ...". Raises CommandError."""
    try:
        yield
    except DatabaseError:
        raise CommandError(f"{what}: {NOT_SET_UP}") from None
    except CatalogueMissing as exc:
        raise CommandError(f"{what}: {exc}") from None
