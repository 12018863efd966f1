"""Database models: the rules catalogue tables (editable in the admin) and rosters.

Data and queries only: every write of a roster (create, commit, undo and redo, restore,
the supplement pin) is in roster.rosters.operations."""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from typing import Any, ClassVar

from django.conf import settings
from django.db import connection, models
from django.urls import reverse


class RuleSet(models.Model):
    """One game system's rules data: its scalar settings and the digest of the whole.

    The database is the one source of rules data the app reads; ``load_rules`` brings in
    the reviewed seed from fixtures/ and the admin edits it, each change a new version
    (:class:`RuleSetVersion`). ``digest`` (sha256 of the canonical JSON) changes whenever
    any entry changes, so caches and rosters can tell which data they were built with;
    ``seed_digest`` is the digest of the seed ``load_rules`` last brought in, so a
    ``digest`` that differs from it means an edit in the admin since.
    """

    system = models.CharField(max_length=40, unique=True)
    title = models.CharField(max_length=100)
    settings = models.JSONField(default=dict, help_text="Everything that is not a table row.")
    digest = models.CharField(max_length=64, blank=True)
    seed_digest = models.CharField(
        max_length=64,
        blank=True,
        help_text="The digest of the rules data load_rules last brought in from fixtures/.",
    )
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.title


class RuleSetVersion(models.Model):
    """A snapshot of a system's full catalogue as it was at one digest."""

    system = models.CharField(max_length=40)
    digest = models.CharField(max_length=64)
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["system", "digest"], name="one_snapshot_per_digest")]

    def __str__(self) -> str:
        return f"{self.system} {self.digest[:12]}"


class CatalogueEntry(models.Model):
    """Base of a catalogue table row. Field names equal the pydantic schema's keys,
    so a row converts to and from the rules data without a mapping."""

    ruleset = models.ForeignKey(RuleSet, on_delete=models.CASCADE)
    position = models.PositiveIntegerField(default=0, help_text="Order in the rules data file.")
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=60)
    aliases = models.JSONField(default=list, blank=True)

    TABLE: ClassVar[str]

    class Meta:
        abstract = True
        ordering: ClassVar[list[str]] = ["ruleset", "position"]

    def __str__(self) -> str:
        return self.name

    def as_entry(self) -> dict[str, Any]:
        """Return this row as a rules data entry (the pydantic schema's keys)."""
        skip = {"id", "ruleset", "position"}
        return {f.name: getattr(self, f.name) for f in self._meta.concrete_fields if f.name not in skip}


class IronHonorCharacterType(CatalogueEntry):
    """Hero, companion or follower. Source: Iron & Honor p.16."""

    TABLE = "character_types"
    cost = models.IntegerField(help_text="ExP")
    attribute_base = models.IntegerField()
    attribute_points = models.IntegerField()
    attribute_maximum = models.IntegerField()
    wounds = models.IntegerField()
    fate = models.IntegerField()
    qualities = models.JSONField(default=list, blank=True)
    page = models.IntegerField()

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Iron & Honor character type"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="ih_type_slug")]


class IronHonorGameSize(CatalogueEntry):
    """Small, Medium, Large: ExP budget and composition. Source: Iron & Honor p.15."""

    TABLE = "game_sizes"
    exp_limit = models.IntegerField(help_text="ExP")
    companions_min = models.IntegerField()
    companions_max = models.IntegerField()
    followers_min = models.IntegerField()
    page = models.IntegerField()

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Iron & Honor game size"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="ih_size_slug")]


class IronHonorSkill(CatalogueEntry):
    """A weapon or gear skill. Ranges in inches. Source: Iron & Honor p.21."""

    TABLE = "skills"
    category = models.CharField(max_length=10, choices=[(x, x) for x in ("melee", "ranged", "shield")])
    hands = models.IntegerField(null=True, blank=True, choices=[(1, "1-handed"), (2, "2-handed")])
    black_powder = models.BooleanField(default=False)
    short_range = models.IntegerField(null=True, blank=True, help_text="inches")
    long_range = models.IntegerField(null=True, blank=True, help_text="inches")
    cost = models.IntegerField(help_text="ExP")
    examples = models.JSONField(default=list, blank=True)
    page = models.IntegerField()
    note = models.TextField(null=True, blank=True)
    example_cost = models.IntegerField(
        null=True, blank=True, help_text="ExP a worked example of the book pays instead (Muster charges cost)"
    )
    example_page = models.IntegerField(null=True, blank=True, help_text="page of that example")

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Iron & Honor skill"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="ih_skill_slug")]


class IronHonorTrait(CatalogueEntry):
    """A Heroic, Rare or Common trait. Source: Iron & Honor pp.22-29."""

    TABLE = "traits"
    category = models.CharField(max_length=10, choices=[(x, x) for x in ("heroic", "rare", "common")])
    cost = models.IntegerField(help_text="ExP; negative refunds")
    page = models.IntegerField(null=True, blank=True)
    summary = models.CharField(max_length=300)
    allowed_types = models.JSONField(null=True, blank=True)
    requires_skill = models.CharField(max_length=30, null=True, blank=True)
    excludes = models.JSONField(default=list, blank=True)
    redundant_with = models.JSONField(default=list, blank=True)
    choice = models.CharField(max_length=10, null=True, blank=True)
    attribute_points = models.IntegerField(default=0)
    extra_at_maximum = models.IntegerField(default=0)
    wounds = models.IntegerField(default=0)
    fate = models.IntegerField(default=0)
    grants = models.JSONField(default=list, blank=True)
    note = models.TextField(null=True, blank=True)
    source = models.CharField(
        max_length=300,
        null=True,
        blank=True,
        help_text="Where the trait comes from when it is not in the book",
    )

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Iron & Honor trait"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="ih_trait_slug")]


class BeestwarsAbility(CatalogueEntry):
    """A special ability with our one-sentence summary. Source: The Denizens of the Beestwars pp.6-9."""

    TABLE = "abilities"
    page = models.IntegerField(null=True, blank=True)
    summary = models.CharField(max_length=300)
    note = models.TextField(null=True, blank=True)
    grants = models.JSONField(
        default=list, blank=True, help_text="Slugs of the abilities it gives (Hero, p.8)."
    )

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Beestwars special ability"
        verbose_name_plural = "Beestwars special abilities"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="bw_ability_slug")]


class BeestwarsProfile(CatalogueEntry):
    """A fighter profile; empty values are unknown (lost in the transcription).

    Source: The Denizens of the Beestwars p.11.
    """

    TABLE = "profiles"
    fighter = models.CharField(max_length=60, help_text="The name as printed in the table.")
    faction = models.CharField(max_length=10, choices=[(x, x) for x in ("Clovis", "Geladan")])
    skill = models.IntegerField(null=True, blank=True, help_text="Sk: 3d6 target")
    might = models.IntegerField(null=True, blank=True, help_text="Mt: number of d6")
    toughness = models.IntegerField(null=True, blank=True, help_text="T")
    movement = models.IntegerField(null=True, blank=True, help_text="Ma: inches")
    defense = models.IntegerField(null=True, blank=True, help_text="D: 0 to -3")
    equipment = models.CharField(max_length=60, null=True, blank=True)
    abilities = models.JSONField(default=list, blank=True, help_text="Ability slugs.")
    points = models.IntegerField(null=True, blank=True)
    unique = models.BooleanField(default=False, help_text="A named fighter: at most once per warband.")
    uncertain = models.BooleanField(default=False, help_text="The transcription of this row is garbled.")
    uncertain_values = models.JSONField(
        default=dict,
        blank=True,
        help_text='Values the garbled row may give it, e.g. {"skill": 15}: never used',
    )
    raw = models.CharField(max_length=300, help_text="The row as transcribed.")
    page = models.IntegerField()
    note = models.TextField(null=True, blank=True)

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Beestwars profile"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="bw_profile_slug")]


class BrutalityStatLine(CatalogueEntry):
    """Base of a Brutality class or upgrade row: its stat line, columns named as the
    book's table headers (Move in inches). Null means unknown: the transcription does
    not give the value, and the player may supply it in the roster.
    Source: Brutality, "Building Your Army List - Simple", "Upgrades".
    """

    section = models.CharField(max_length=100)
    Move = models.IntegerField("Move", null=True, blank=True, help_text="Movement, inches; empty: unknown")
    FS = models.IntegerField("FS", null=True, blank=True, help_text="Fighting Skill; empty: unknown")
    Dex = models.IntegerField("Dex", null=True, blank=True, help_text="Dexterity; empty: unknown")
    HP = models.IntegerField("HP", null=True, blank=True, help_text="Hit Points; empty: unknown")
    Will = models.IntegerField("Will", null=True, blank=True, help_text="Willpower; empty: unknown")
    Atk = models.IntegerField("Atk", null=True, blank=True, help_text="Attacks; empty: unknown")
    Save = models.IntegerField("Save", null=True, blank=True, help_text="Save; empty: unknown")
    Armed = models.BooleanField("Armed", null=True, blank=True, help_text="Armed in Melee; empty: unknown")
    power_access = models.BooleanField(null=True, blank=True, help_text="Knows Powers; empty: unknown")
    Powers = models.IntegerField("Powers", null=True, blank=True, help_text="How many Powers; empty: unknown")
    summary = models.CharField(max_length=300, null=True, blank=True)
    note = models.TextField(null=True, blank=True)

    class Meta(CatalogueEntry.Meta):
        abstract = True


class BrutalityClass(BrutalityStatLine):
    """Melee, Fast, Ranged, Support with the Basic stat line. Source: Brutality, "Building Your Army List"."""

    TABLE = "classes"

    class Meta(BrutalityStatLine.Meta):
        verbose_name = "Brutality class"
        verbose_name_plural = "Brutality classes"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="br_class_slug")]


class BrutalityUpgrade(BrutalityStatLine):
    """An upgrade of one class, with its own stat line; an Upgraded model costs the rules data's
    ``points.upgraded`` (RuleSet settings). Source: Brutality, "Upgrades"."""

    TABLE = "upgrades"
    for_class = models.SlugField(max_length=60, help_text="slug of the class it upgrades")

    class Meta(BrutalityStatLine.Meta):
        verbose_name = "Brutality upgrade"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="br_upgrade_slug")]


class BrutalityModelTrait(CatalogueEntry):
    """A free Model Trait: stat modifiers and the Powers it gives. Source: Brutality, "Model Traits"."""

    TABLE = "model_traits"
    section = models.CharField(max_length=100)
    modifiers = models.JSONField(default=dict, blank=True, help_text='e.g. {"FS": 1}; Move in inches')
    gives_powers = models.IntegerField(default=0, help_text="Powers it gives")
    power_range = models.IntegerField(null=True, blank=True, help_text="inches")
    summary = models.CharField(max_length=300)
    note = models.TextField(null=True, blank=True)

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Brutality Model Trait"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="br_trait_slug")]


class BrutalityModelAbility(CatalogueEntry):
    """A free Model Ability; empty summary when its rules are not transcribed.

    Source: Brutality, "Model Abilities".
    """

    TABLE = "model_abilities"
    section = models.CharField(max_length=100)
    summary = models.CharField(max_length=300, null=True, blank=True)
    note = models.TextField(null=True, blank=True)

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Brutality Model Ability"
        verbose_name_plural = "Brutality Model Abilities"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="br_ability_slug")]


class BrutalityPower(CatalogueEntry):
    """One of the ten Powers, range in inches, with its options. Source: Brutality, "Powers"."""

    TABLE = "powers"
    section = models.CharField(max_length=100)
    number = models.IntegerField()
    range = models.IntegerField(help_text="inches")
    summary = models.CharField(max_length=300)
    options = models.JSONField(default=list, blank=True)

    class Meta(CatalogueEntry.Meta):
        verbose_name = "Brutality Power"
        constraints: ClassVar = [models.UniqueConstraint(fields=["ruleset", "slug"], name="br_power_slug")]


# Which Django model holds each table of each system's rules data.
CATALOGUE_TABLES: dict[str, dict[str, type[CatalogueEntry]]] = {
    "iron-and-honor": {
        m.TABLE: m for m in (IronHonorCharacterType, IronHonorGameSize, IronHonorSkill, IronHonorTrait)
    },
    "brutality": {
        m.TABLE: m
        for m in (
            BrutalityClass,
            BrutalityUpgrade,
            BrutalityModelTrait,
            BrutalityModelAbility,
            BrutalityPower,
        )
    },
    "beestwars": {m.TABLE: m for m in (BeestwarsAbility, BeestwarsProfile)},
}


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


@dataclass(frozen=True)
class RosterRead:
    """What one request read about a roster in one SELECT (Roster.objects.for_editing()):
    the roster, its system's current rules data digest (``loaded_rules_digest``, None when the
    rules data is not loaded) and the content digest of the supplement version it pins
    (``pinned_digest``, None when it pins none). roster.rosters.evaluation.read_rules() turns the
    digests into the rules data and supplement without asking the database again."""

    roster: Roster
    loaded_rules_digest: str | None
    pinned_digest: str | None


class RosterQuerySet(models.QuerySet["Roster"]):
    """Rosters, and the reads an editor request makes beside one."""

    def for_editing(self, pk: int, owner_id: int) -> RosterRead | None:
        """The owner's undeleted roster ``pk`` with its system's rules data digest and
        its pinned supplement's digest (a :class:`RosterRead`), or None.

        The SELECT is written out because every edit makes it: the ORM's compiling of
        the same query with its two subqueries took 0.3 ms more, about half of a whole
        trivial request (tests/web/test_editor_reads.py checks what it reads)."""
        found = next(iter(self.raw(_for_editing_sql(), [pk, owner_id])), None)
        if found is None:
            return None
        # The two subqueries' columns, which raw() sets as attributes: taken off the
        # roster into the typed read.
        loaded = found.__dict__.pop("loaded_rules_digest")
        pinned = found.__dict__.pop("pinned_digest")
        return RosterRead(found, loaded, pinned)


@functools.cache
def _for_editing_sql() -> str:
    from roster.supplements.models import RosterSupplement, SupplementVersion

    columns = ", ".join(f"r.{_q(str(f.column))}" for f in Roster._meta.concrete_fields)
    rules = (
        f"SELECT s.{_q('digest')} FROM {_q(RuleSet._meta.db_table)} s"
        f" WHERE s.{_q('system')} = r.{_q('system')}"
    )
    pin = (
        f"SELECT v.{_q('digest')} FROM {_q(RosterSupplement._meta.db_table)} p"
        f" INNER JOIN {_q(SupplementVersion._meta.db_table)} v ON v.{_q('id')} = p.{_q('version_id')}"
        f" WHERE p.{_q('roster_id')} = r.{_q('id')}"
    )
    return (
        f"SELECT {columns}, ({rules}) AS loaded_rules_digest, ({pin}) AS pinned_digest"
        f" FROM {_q(Roster._meta.db_table)} r"
        f" WHERE r.{_q('id')} = %s AND r.{_q('owner_id')} = %s AND r.{_q('deleted')} IS NULL"
    )


class Roster(models.Model):
    """A player's warband: the roster document (muster.roster/1) and its history.

    ``revision`` is the number of the revision the document currently equals; every
    edit posts the revision it was made against, and a stale one is a conflict.
    ``head`` is the highest revision number kept (``revision`` unless edits were
    undone), so Redo and the edit that drops undone revisions need no query.
    ``rules_digest`` is the rules data version the roster was last saved with.
    The summary fields (cost, limit, legal) are copied from the Report at save time
    for the roster list.
    """

    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="rosters")
    system = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    document = models.JSONField()
    revision = models.PositiveIntegerField(default=1)
    head = models.PositiveIntegerField(
        default=1, help_text="The highest revision number kept: above revision after an undo (Redo)."
    )
    rules_digest = models.CharField(max_length=64, blank=True)
    summary = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    deleted = models.DateTimeField(null=True, blank=True, help_text="Set when deleted; undo clears it.")

    objects = RosterQuerySet.as_manager()

    class Meta:
        ordering: ClassVar[list[str]] = ["-updated"]

    def __str__(self) -> str:
        return self.name

    @property
    def can_undo(self) -> bool:
        """True when there is an earlier revision."""
        return self.revision > 1

    @property
    def can_redo(self) -> bool:
        """True when an undone revision can be redone."""
        return self.head > self.revision


class Revision(models.Model):
    """One saved state of a roster's document, numbered from 1 within the roster."""

    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    document = models.JSONField()
    rules_digest = models.CharField(max_length=64, blank=True)
    action = models.CharField(max_length=200, blank=True, help_text="What changed, in words.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["roster", "number"]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["roster", "number"], name="one_revision_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.roster_id}#{self.number}"


def new_share_token() -> str:
    """A random share token: 32 URL-safe characters, 192 bits."""
    return secrets.token_urlsafe(24)


class ShareLink(models.Model):
    """A read-only link /s/<token>/ to a roster. Revoked links answer 404."""

    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="share_links")
    token = models.CharField(max_length=64, unique=True, default=new_share_token)
    created = models.DateTimeField(auto_now_add=True)
    revoked = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"share link of roster {self.roster_id}"

    @property
    def address(self) -> str:
        """The link's absolute URL, for the copy field and the QR code: on the site address
        from settings (SITE_URL), never the request's Host header."""
        return f"{settings.MUSTER_SITE_URL}{reverse('shared', args=[self.token])}"
