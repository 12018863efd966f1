"""A player's supplement with its versions, and the version a roster uses.

Every save is a new :class:`SupplementVersion`; a roster pins one version
(:class:`RosterSupplement`), so its numbers change only when its owner accepts a newer
version, and a shared roster shows the values it was built with. The data and its
queries only: every write is a function of roster.supplements.operations.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.supplement import SupplementDocument, read_supplement

KEPT_VERSIONS = 20


class Supplement(models.Model):
    """One player's supplement for one system. ``share_token`` (None: not shared) gives
    read-only access at /supplements/s/<token>/; revoking clears it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="supplements")
    system = models.CharField(max_length=40)
    name = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    share_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    copied_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["system", "name", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.system})"

    @property
    def latest(self) -> SupplementVersion:
        """The newest version (every supplement has at least one)."""
        version = self.versions.order_by("-number").first()
        assert version is not None, "a supplement is created with its first version"
        return version


class SupplementVersion(models.Model):
    """One saved state of a supplement: its canonical JSON and digest."""

    supplement = models.ForeignKey(Supplement, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    data = models.JSONField()
    digest = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["supplement", "number"], name="one_version_number")]
        ordering = ["supplement", "number"]

    def __str__(self) -> str:
        return f"{self.supplement.name} v{self.number}"

    def document(self) -> SupplementDocument:
        """The stored supplement as the rules engine reads it."""
        return read_supplement(self.data)


class RosterSupplement(models.Model):
    """The supplement version a roster uses (at most one; of the roster's system).

    A roster only ever pins its owner's own supplements (an import or a copy brings its
    own copy along), so the pin goes when the owner's account, and with it the
    supplement, is deleted; Muster has no other way to delete a version."""

    roster = models.OneToOneField("roster.Roster", on_delete=models.CASCADE, related_name="supplement_pin")
    version = models.ForeignKey(SupplementVersion, on_delete=models.CASCADE, related_name="pins")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"roster {self.roster_id} uses {self.version}"
