"""Brutality rules data: the schema of ``fixtures/brutality.json``.

Source: Brutality Skirmish Wargame, "Model Characteristics", "Building Your Army List -
Simple/Moderate", "Upgrades", "Powers", "Model Traits", "Model Abilities" and "Wound
Chart", with the decisions of docs/rules-decisions.md. The transcription gives no page
numbers for these sections, so every entry cites its section. A value the
transcription does not give is null (unknown), never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from typing import Literal

from pydantic import Field, model_validator

from rules.names import name_key
from rules.schema import Marked, Slug, Strict, index_entries

StatKey = Literal["Move", "FS", "Dex", "HP", "Will", "Atk", "Save"]
STATS: tuple[StatKey, ...] = ("Move", "FS", "Dex", "HP", "Will", "Atk", "Save")
Section = str


class Entry(Marked):
    """Anything a document names: slug, printed name, other printed forms, and its section."""

    slug: Slug
    name: str = Field(min_length=1, max_length=60)
    aliases: list[str] = []
    section: Section = Field(min_length=1, max_length=100)


class StatLine(Entry):
    """A stat line, its keys named as the book's table headers (and the roster's
    ``supplied`` keys): Move (inches), FS, Dex, HP, Will, Atk, Save, Armed (in Melee),
    and Powers (how many Powers the line knows; ``power_access`` whether it has any).

    Every value may be None: unknown because the transcription lacks it.
    """

    Move: int | None = Field(ge=1)
    FS: int | None = Field(ge=1)
    Dex: int | None = Field(ge=1)
    HP: int | None = Field(ge=1)
    Will: int | None = Field(ge=1)
    Atk: int | None = Field(ge=1)
    Save: int | None = Field(ge=1)
    Armed: bool | None
    power_access: bool | None
    Powers: int | None = Field(ge=0)
    summary: str | None = Field(max_length=300)
    note: str | None = None

    @model_validator(mode="after")
    def _powers_agree(self) -> StatLine:
        if (
            self.Powers is not None
            and self.power_access is not None
            and (self.Powers > 0) != self.power_access
        ):
            raise ValueError("Powers and power_access disagree")
        return self

    def stat(self, key: str) -> int | None:
        """The value of one stat ("Move", "FS"...), None when unknown or not a stat key."""
        if key not in STATS:
            return None
        value: int | None = getattr(self, key)
        return value

    def value_of(self, key: str) -> int | bool | None:
        """A stat by key, or "Armed" / "Powers"; None when unknown or not a key of a line."""
        if key == "Armed":
            return self.Armed
        if key == "Powers":
            return self.Powers
        return self.stat(key)

    @property
    def unknown(self) -> list[str]:
        """Keys of the values this line lacks: stats, "Armed", "Powers" (when it may have Powers)."""
        out: list[str] = [k for k in STATS if self.stat(k) is None]
        if self.Armed is None:
            out.append("Armed")
        if self.Powers is None and self.power_access is not False:
            out.append("Powers")
        return out


class ModelClass(StatLine):
    """Melee, Fast, Ranged or Support with its Basic stat line.

    Source: "Building Your Army List - Simple" (Basic Classes table).
    """


class Upgrade(StatLine):
    """An upgrade of one class (``for_class``) with its own full stat line. Source: "Upgrades"."""

    for_class: Slug


class ModelTrait(Entry):
    """A free Model Trait: stat ``modifiers`` ({"FS": 1}), how many Powers it gives and
    their range (inches).

    Source: "Model Traits".
    """

    modifiers: dict[StatKey, int]
    gives_powers: int = Field(ge=0)
    power_range: int | None = Field(ge=1)
    summary: str = Field(min_length=1, max_length=300)
    note: str | None = None


class ModelAbility(Entry):
    """A free Model Ability; ``summary`` None when its rules are not transcribed.

    Source: "Model Abilities".
    """

    summary: str | None = Field(max_length=300)
    note: str | None = None


class PowerOption(Strict):
    """One option of a Power, with its own range or reach in inches where the text gives one."""

    name: str
    range: int | None
    summary: str


class Power(Entry):
    """One of the ten Powers: its number in the list, range in inches, options. Source: "Powers"."""

    number: int = Field(ge=1)
    range: int = Field(ge=1)
    summary: str = Field(min_length=1, max_length=300)
    options: list[PowerOption]


class StatInfo(Strict):
    """What one stat means, and its unit ("inches" for Move)."""

    key: StatKey
    name: str
    unit: Literal["inches"] | None
    section: Section
    summary: str


class StatLimits(Strict):
    """Every stat after all modifiers lies in min..max, except the listed stats.

    Source: "Model Characteristics".
    """

    min: int
    max: int
    no_minimum: list[StatKey]
    no_maximum: list[StatKey]
    section: Section


class Points(Strict):
    """Points per model, Basic and Upgraded (the values are in fixtures/brutality.json).
    Source: "Building Your Army List - Moderate"."""

    basic: int | float = Field(ge=0, allow_inf_nan=False)
    upgraded: int | float = Field(ge=0, allow_inf_nan=False)
    section: Section

    def cost(self, upgraded: bool) -> Decimal:
        """The exact cost of one model in points (a Decimal, never a float)."""
        return Decimal(str(self.upgraded if upgraded else self.basic))

    @property
    def prices(self) -> str:
        """The prices in the book's words, "Basic <basic>, Upgraded <upgraded>" (points)."""
        return f"Basic {self.basic}, Upgraded {self.upgraded}"


class Range(Strict):
    """An inclusive range of numbers with its section."""

    min: int
    max: int
    section: Section


class TraitAllowance(Strict):
    """Free Model Traits per model: 2, and 3 for the Leader. Source: "Model Traits"."""

    model: int = Field(ge=0)
    leader: int = Field(ge=0)
    section: Section


class PowerRules(Strict):
    """Powers range 12" unless stated, and each is taken at most once per model. Source: "Powers"."""

    default_range: int
    max_per_power: int = Field(ge=1)
    section: Section


class Summoned(Strict):
    """The Summoned model's stat line (for the sheet). Source: "Powers", 5. Summon."""

    name: str
    Move: int
    FS: int
    Dex: int
    HP: int
    Will: int
    Atk: int
    Save: int
    Armed: bool
    section: Section
    summary: str


class WoundRow(Strict):
    """One roll of the Wound Chart; None where the transcription lacks the result."""

    roll: int = Field(ge=1, le=10)
    piercing: str | None
    crushing: str | None
    burning: str | None


class WoundChart(Strict):
    """The Piercing, Crushing and Burning Wound Charts. Source: "Wound Chart"."""

    section: Section
    charts: list[str]
    rows: list[WoundRow]
    note: str


class StatusEffect(Strict):
    """A status effect a model can suffer. Source: "Wound Chart: Status Effects"."""

    slug: Slug
    name: str
    section: Section
    summary: str


class Decision(Strict):
    """A place where the transcription is garbled or silent, and what Muster does."""

    topic: str
    section: Section
    decision: str


class BrutalityCatalogue(Strict):
    """All Brutality rules data Muster uses for list building and the roster sheet."""

    system: Literal["brutality"]
    title: str
    book: str
    unit: Literal["points"]
    stats: list[StatInfo]
    stat_limits: StatLimits
    points: Points
    model_guideline: Range
    trait_allowance: TraitAllowance
    classes: list[ModelClass]
    upgrades: list[Upgrade]
    model_traits: list[ModelTrait]
    model_abilities: list[ModelAbility]
    powers: list[Power]
    power_rules: PowerRules
    summoned: Summoned
    wound_chart: WoundChart
    status_effects: list[StatusEffect]
    decisions: list[Decision]

    @model_validator(mode="after")
    def _check_references(self) -> BrutalityCatalogue:
        if tuple(s.key for s in self.stats) != STATS:
            raise ValueError(f"stats must be exactly {', '.join(STATS)} in that order")
        _ = self._lookup  # builds the indexes; raises on a name shared by two entries
        class_slugs = {c.slug for c in self.classes}
        for upgrade in self.upgrades:
            if upgrade.for_class not in class_slugs:
                raise ValueError(f"upgrade {upgrade.slug}: unknown class {upgrade.for_class!r}")
        return self

    @cached_property
    def _lookup(self) -> _Lookup:
        return _Lookup(
            classes=index_entries("classes", self.classes),
            upgrades=index_entries("upgrades", self.upgrades),
            traits=index_entries("model_traits", self.model_traits),
            abilities=index_entries("model_abilities", self.model_abilities),
            powers=index_entries("powers", self.powers),
            stat_names={s.key: s.name for s in self.stats},
        )

    def model_class(self, name: str) -> ModelClass | None:
        """Resolve "Melee", "Basic Melee", "melee"...; None when unknown."""
        return self._lookup.classes.get(name_key(name))

    def upgrade(self, name: str) -> Upgrade | None:
        """Resolve "Berserker", "Ambush"...; None when unknown."""
        return self._lookup.upgrades.get(name_key(name))

    def trait(self, name: str) -> ModelTrait | None:
        """Resolve a Model Trait by name, alias or slug ('+2" Movement', "+2 Movement")."""
        return self._lookup.traits.get(name_key(name))

    def ability(self, name: str) -> ModelAbility | None:
        """Resolve a Model Ability ("Sturdy", "Toxic")."""
        return self._lookup.abilities.get(name_key(name))

    def power(self, name: str) -> Power | None:
        """Resolve a Power ("Curse", "time slip")."""
        return self._lookup.powers.get(name_key(name))

    def stat_name(self, key: str) -> str:
        """The printed name of a stat key ("FS" -> "Fighting Skill"); the key itself if not a stat."""
        return self._lookup.stat_names.get(key, key)

    def class_of(self, upgrade: Upgrade) -> ModelClass | None:
        """The class an upgrade belongs to."""
        return self._lookup.classes.get(name_key(upgrade.for_class))


@dataclass(frozen=True, slots=True)
class _Lookup:
    """Name-key indexes of a catalogue, built once per catalogue object."""

    classes: dict[str, ModelClass]
    upgrades: dict[str, Upgrade]
    traits: dict[str, ModelTrait]
    abilities: dict[str, ModelAbility]
    powers: dict[str, Power]
    stat_names: dict[str, str]
