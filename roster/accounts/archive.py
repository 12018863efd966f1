"""All of a player's rosters as one zip of muster.roster/1 JSON files, and reading such
a zip back on the Import page (docs/accounts.md).

The zip holds one ``<name>-<id>.json`` per roster (not the deleted ones), each exactly
what the editor's Export writes. Reading is bounded before anything is inflated: at most
``MAX_MEMBERS`` files, each at most rules.document.MAX_DOCUMENT_BYTES, ``MAX_ARCHIVE_BYTES``
of zip and ``MAX_INFLATED_BYTES`` of files together; a member that claims a small size but
inflates further is cut off at the limit and refused.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterable
from typing import IO, Any

from django.core.files.uploadedfile import UploadedFile
from django.utils.text import slugify

from roster.rosters.models import Roster
from roster.rosters.transfer import export_json, import_export
from roster.supplements.pins import pinned_supplement
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, path_words
from rules.supplement import SupplementDocument

MAX_MEMBERS = 200  # the most rosters Muster keeps per player (roster.rosters.views.rosters)
MAX_ARCHIVE_BYTES = 20_000_000
MAX_INFLATED_BYTES = 20_000_000  # all files together, as read; 200 fifty-model rosters fit


class ArchiveError(Exception):
    """A zip that cannot be imported; ``message`` says why, naming the file inside."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def member_name(roster: Roster) -> str:
    """The file name of one roster inside the zip: its slug and id, e.g. ``northmen-12.json``."""
    return f"{slugify(roster.name, allow_unicode=True) or 'roster'}-{roster.pk}.json"


GAMES = "games/"  # the zip's folder of games (muster.game/1), which the Import page passes over
EVENTS = "events/"  # the events organised (muster.event/1) and entered, passed over too


def write_archive(
    out: IO[bytes],
    rosters: Iterable[Roster],
    games: Iterable[tuple[str, str]] | None = None,
    events: Iterable[tuple[str, str]] | None = None,
) -> None:
    """Write into ``out`` the zip (deflated) of the given rosters' documents as Export
    writes them (each with the supplement it uses, docs/supplements.md), and ``games`` as
    (file name, its ``muster.game/1`` JSON) under ``games/`` (docs/play.md), and ``events``
    (file name, JSON) under ``events/`` (docs/events.md). One roster or game is in memory
    at a time when ``rosters`` and ``games`` are iterators."""
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for roster in rosters:
            archive.writestr(member_name(roster), export_json(roster.document, pinned_supplement(roster)))
        for name, text in games or []:
            archive.writestr(GAMES + name, text)
        for name, text in events or []:
            archive.writestr(EVENTS + name, text)


def build_archive(rosters: Iterable[Roster], games: Iterable[tuple[str, str]] | None = None) -> bytes:
    """:func:`write_archive` into bytes (tests, small archives)."""
    buffer = io.BytesIO()
    write_archive(buffer, rosters, games)
    return buffer.getvalue()


def is_archive_upload(upload: UploadedFile[bytes]) -> bool:
    """True when an uploaded file starts as a zip does; the file is rewound."""
    head = upload.read(4)
    upload.seek(0)
    return head in (b"PK\x03\x04", b"PK\x05\x06")


def read_archive_upload(
    upload: UploadedFile[bytes], rules_data_for: Callable[[str], tuple[Any, str]]
) -> list[tuple[dict[str, Any], SupplementDocument | None]]:
    """read_archive() of an uploaded zip, refused unread when larger than MAX_ARCHIVE_BYTES."""
    if upload.size is not None and upload.size > MAX_ARCHIVE_BYTES:
        raise ArchiveError(f"The zip is {upload.size:,} bytes; the limit is {MAX_ARCHIVE_BYTES:,}.")
    return read_archive(upload.read(MAX_ARCHIVE_BYTES + 1), rules_data_for)


def read_archive(
    data: bytes, rules_data_for: Callable[[str], tuple[Any, str]]
) -> list[tuple[dict[str, Any], SupplementDocument | None]]:
    """The canonical documents in a zip, each with the supplement it carries (or None), in
    the zip's order; all or nothing. ``rules_data_for`` gives (catalogue, digest).

    Raises ArchiveError when the zip is unreadable, too large, holds too many files, or
    any file is not a roster Muster can edit (the message names the file and the place).
    """
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ArchiveError(f"The zip is {len(data):,} bytes; the limit is {MAX_ARCHIVE_BYTES:,}.")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ArchiveError("The file is not a readable zip.") from None
    members = [
        info
        for info in archive.infolist()
        if not info.is_dir() and not info.filename.startswith((GAMES, EVENTS))
    ]
    if not members:
        raise ArchiveError("The zip holds no roster files.")
    if len(members) > MAX_MEMBERS:
        raise ArchiveError(f"The zip holds {len(members)} files; at most {MAX_MEMBERS} can be imported.")
    declared = sum(info.file_size for info in members)
    if declared > MAX_INFLATED_BYTES:
        raise ArchiveError(
            f"The files in the zip add up to {declared:,} bytes; the limit is {MAX_INFLATED_BYTES:,}."
        )
    documents, inflated = [], 0
    for info in members:
        raw = _read_member(archive, info)
        inflated += len(raw)
        if inflated > MAX_INFLATED_BYTES:
            raise ArchiveError(f"The files in the zip add up to more than {MAX_INFLATED_BYTES:,} bytes.")
        try:
            documents.append(import_export(raw, rules_data_for))
        except DocumentError as exc:
            where = f"{path_words(exc.path)}: {exc.message} (at {exc.path})"
            raise ArchiveError(f"{info.filename}: {where}.") from None
    return documents


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The bytes of one file, at most MAX_DOCUMENT_BYTES, whatever its header claims."""
    name = info.filename
    if info.file_size > MAX_DOCUMENT_BYTES:
        raise ArchiveError(f"{name}: {info.file_size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,}.")
    try:
        with archive.open(info) as member:
            raw = member.read(MAX_DOCUMENT_BYTES + 1)
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError) as exc:
        raise ArchiveError(f"{name}: cannot be read from the zip ({exc}).") from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise ArchiveError(f"{name}: larger than {MAX_DOCUMENT_BYTES:,} bytes.")
    return raw
