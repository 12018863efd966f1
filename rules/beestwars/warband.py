"""A Beestwars roster resolved against the catalogue: what the checks and costs work on."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.beestwars.catalogue import BeestwarsCatalogue, Profile
from rules.beestwars.document import BeestwarsModel, BeestwarsRoster
from rules.report import CostLine, Issue, Severity, page_source

SYSTEM_ID = "beestwars"


@dataclass(slots=True)
class Fighter:
    """One model with its profile (None where the profile name does not resolve).

    ``cost`` is in points, None when neither the book nor the player gives them.
    """

    index: int
    model: BeestwarsModel
    profile: Profile | None
    cost: int | None = None
    lines: list[CostLine] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The model's own name, else its profile's name, else the profile as written."""
        if self.model.name:
            return self.model.name
        return self.profile.name if self.profile else self.model.profile

    def supplied(self, key: str) -> int | None:
        """A value the player supplied ("points", "toughness"...), or None."""
        values = self.model.supplied
        result: int | None = getattr(values, key) if values is not None else None
        return result


@dataclass(slots=True)
class Warband:
    """The roster and catalogue together, plus the resolved fighters and the points limit."""

    document: BeestwarsRoster
    catalogue: BeestwarsCatalogue
    fighters: list[Fighter]
    points_limit: int

    @classmethod
    def resolve(cls, document: BeestwarsRoster, catalogue: BeestwarsCatalogue) -> Warband:
        """Resolve every profile in ``document``; unknown names become None, never an exception."""
        fighters = [Fighter(i, m, catalogue.profile(m.profile)) for i, m in enumerate(document.models)]
        return cls(document, catalogue, fighters, document.options.points_limit)

    def heroes(self) -> list[Fighter]:
        """The fighters whose profile has the Hero ability, in roster order. Source: p.8."""
        return [f for f in self.fighters if f.profile and self.catalogue.is_hero(f.profile)]

    def known_cost(self) -> int:
        """Points of every fighter whose cost is known (book or player)."""
        return sum(f.cost for f in self.fighters if f.cost is not None)

    def unpriced(self) -> list[Fighter]:
        """Fighters whose points are unknown and not supplied."""
        return [f for f in self.fighters if f.cost is None]

    def issue(
        self,
        severity: Severity,
        code: str,
        message: str,
        page: int | None,
        fighter: Fighter | None = None,
    ) -> Issue:
        """Build an Issue with the namespaced code "beestwars.<code>" and its source."""
        about = (fighter.index, fighter.name) if fighter else None
        return Issue.of(SYSTEM_ID, severity, code, message, page_source(self.catalogue.book, page), about)
