"""The sheets being prepared: one row per sheet asked for and not yet rendered."""

from __future__ import annotations

from typing import ClassVar

from django.db import models


class SheetJob(models.Model):
    """A sheet waiting for the task worker, or being rendered by it.

    ``key`` is the sheet's cache key (roster.sheets.cache.sheet_key): one job per sheet,
    however many ask. ``options`` are the SheetInfo fields but ``made`` (paper, compact,
    owner, share_url). ``wanted`` is True when someone asked for it (Print), False when
    it is prepared in the background after an edit; wanted sheets go first. ``turn`` is
    how many sheets of the same player were in hand when it was asked for: sheets are
    taken by turn, so each player's first sheet goes before anyone's second. The row is
    deleted when the render ends: the PDF, or the refusal, is then in the sheet cache.
    """

    QUEUED = "queued"
    RUNNING = "running"

    key = models.CharField(max_length=100, unique=True)
    roster = models.ForeignKey("roster.Roster", on_delete=models.CASCADE, related_name="sheet_jobs")
    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="sheet_jobs")
    options = models.JSONField()
    wanted = models.BooleanField(default=True)
    turn = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, default=QUEUED)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["created", "id"]

    def __str__(self) -> str:
        return f"sheet of roster {self.roster_id} ({self.status})"


class PackJob(models.Model):
    """A job of many sheets (an event's list pack) that the task worker builds a chunk at a
    time, going back in line after each chunk (roster.sheets.queue, docs/sheets.md).

    ``kind`` names the builder that an app above registered for it
    (roster.sheets.queue.on_pack: "event-pack"); ``key`` is the cache key its result is
    kept under (one job however many ask); ``owner`` is whose it is (the organiser):
    the packs of different owners take turns. ``args`` is what the builder reads
    (JSON: the event's id, the paper), ``progress`` what it keeps between chunks (JSON:
    sheets done), ``chunks`` how many chunks it has run. ``served`` is when its last
    chunk was claimed (None before the first). The row is deleted when the pack ends
    (ready, failed or gone): its outcome is then in the cache under ``key``.
    """

    QUEUED = SheetJob.QUEUED
    RUNNING = SheetJob.RUNNING

    kind = models.CharField(max_length=40)
    key = models.CharField(max_length=100, unique=True)
    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="pack_jobs")
    args = models.JSONField(default=dict)
    progress = models.JSONField(default=dict)
    chunks = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, default=QUEUED)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    served = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.kind} of {self.args} ({self.status}, {self.chunks} chunks)"
