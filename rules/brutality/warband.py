"""A Brutality roster resolved against the catalogue: what the checks and values work on."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rules.brutality.catalogue import (
    BrutalityCatalogue,
    ModelAbility,
    ModelClass,
    ModelTrait,
    Power,
    StatLine,
    Upgrade,
)
from rules.brutality.document import BrutalityModel, BrutalityRoster
from rules.brutality.stat_line import EffectiveStat
from rules.report import Issue, Severity

SYSTEM_ID = "brutality"


@dataclass(slots=True)
class Fighter:
    """One model with its catalogue entries (None where a name does not resolve)."""

    index: int
    model: BrutalityModel
    cls: ModelClass | None
    upgrade: Upgrade | None
    traits: list[tuple[str, ModelTrait | None]]
    ability: ModelAbility | None
    powers: list[tuple[str, Power | None]]
    cost: Decimal = Decimal(0)
    traits_known: list[ModelTrait] = field(default_factory=list)
    # Computed once per evaluation by rules.brutality.stats (checks and the report share them).
    stats_cache: list[EffectiveStat] | None = None
    supplied_cache: dict[str, int | bool] | None = None

    @property
    def name(self) -> str:
        """The model's name as the player wrote it."""
        return self.model.name

    @property
    def leader(self) -> bool:
        """True for the warband's Leader."""
        return self.model.leader

    @property
    def upgraded(self) -> bool:
        """True when the model names an upgrade, known or not (it costs the Upgraded price)."""
        return self.model.upgraded

    @property
    def line(self) -> StatLine | None:
        """The base stat line: the upgrade's when upgraded, else the class's Basic line.

        None when the class or the named upgrade is not in the catalogue. Source: "Upgrades".
        """
        return self.upgrade if self.upgraded else self.cls

    @property
    def line_kind(self) -> str:
        """ "upgrade" or "class": where the base line comes from."""
        return "upgrade" if self.upgraded else "class"

    def supplied(self) -> dict[str, int | bool]:
        """The values the player supplied (possibly ignored where the book gives them)."""
        if self.supplied_cache is None:
            self.supplied_cache = self.model.supplied.given() if self.model.supplied else {}
        return self.supplied_cache


@dataclass(slots=True)
class Warband:
    """The roster and catalogue together, plus the resolved models."""

    document: BrutalityRoster
    catalogue: BrutalityCatalogue
    fighters: list[Fighter]

    @classmethod
    def resolve(cls, document: BrutalityRoster, catalogue: BrutalityCatalogue) -> Warband:
        """Resolve every name in ``document``; unknown names become None, never an exception."""
        fighters = []
        for i, model in enumerate(document.models):
            traits = [(name, catalogue.trait(name)) for name in model.traits]
            fighter = Fighter(
                index=i,
                model=model,
                cls=catalogue.model_class(model.class_),
                upgrade=catalogue.upgrade(model.upgrade) if model.upgrade else None,
                traits=traits,
                ability=catalogue.ability(model.ability) if model.ability else None,
                powers=[(name, catalogue.power(name)) for name in model.powers],
                traits_known=[t for _, t in traits if t is not None],
            )
            fighter.cost = catalogue.points.cost(fighter.upgraded)
            fighters.append(fighter)
        return cls(document, catalogue, fighters)

    @property
    def moderate(self) -> bool:
        """True in Moderate mode, False in Simple mode."""
        return self.document.options.mode == "moderate"

    @property
    def leaders(self) -> list[Fighter]:
        """The models marked as Leader, in roster order."""
        return [f for f in self.fighters if f.leader]

    @property
    def cost(self) -> Decimal:
        """The warband's points: the rules data's price of each model (``points``: Basic
        or Upgraded), added exactly."""
        return sum((f.cost for f in self.fighters), Decimal(0))

    @property
    def limit(self) -> Decimal | None:
        """The agreed points limit, exact; None in a points-free game."""
        value = self.document.options.points_limit
        return None if value is None else Decimal(str(value))

    @property
    def upgraded_count(self) -> int:
        """How many models are Upgraded."""
        return sum(1 for f in self.fighters if f.upgraded)

    def issue(
        self,
        severity: Severity,
        code: str,
        message: str,
        section: str,
        fighter: Fighter | None = None,
    ) -> Issue:
        """Build an Issue with the code "brutality.<code>" and the source "Brutality: <section>"."""
        about = (fighter.index, fighter.name) if fighter else None
        return Issue.of(SYSTEM_ID, severity, code, message, f"{self.catalogue.book}: {section}", about)
