"""Fixtures for the rules-of-play tests: sides from the example rosters and typed ones."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from rules.play.core import PlayModel, SideSnapshot, Snapshot
from rules.play.registry import typed_side
from tests.rules.play.games import Table, example_side


class Loaded(random.Random):
    """A random source whose draws are given in advance: ``choice`` returns the first
    element equal to the next wanted value (or the first element), ``randint`` the next
    wanted number."""

    def __init__(self, wanted: Sequence[Any] = ()) -> None:
        super().__init__(0)
        self.wanted = list(wanted)

    def choice(self, seq: Sequence[Any]) -> Any:
        if self.wanted and self.wanted[0] in seq:
            return seq[list(seq).index(self.wanted.pop(0))]
        return seq[0]

    def randint(self, a: int, b: int) -> int:
        return int(self.wanted.pop(0)) if self.wanted else a


def loaded_table(snapshot: Snapshot, wanted: Sequence[Any] = ()) -> Table:
    """A :class:`Table` whose draws are ``wanted``."""
    t = Table(snapshot, 0, "test")
    t.rng = Loaded(wanted)
    return t


@pytest.fixture(scope="session")
def clovis() -> SideSnapshot:
    """Stone Hoof's raiders (fixtures/examples/beestwars-clovis-300.json)."""
    return example_side("beestwars-clovis-300.json")


@pytest.fixture(scope="session")
def ghrim() -> SideSnapshot:
    """Ghrim Company (fixtures/examples), Fate Pool 7."""
    return example_side("iron-and-honor-ghrim-company.json")


@pytest.fixture(scope="session")
def northmen() -> SideSnapshot:
    """Northmen Raiding Party (fixtures/examples)."""
    return example_side("iron-and-honor-northmen-raiding-party.json")


@pytest.fixture(scope="session")
def reavers() -> SideSnapshot:
    """Ashen Reavers (fixtures/examples/brutality-moderate-points.json), 4.5 points."""
    return example_side("brutality-moderate-points.json")


def geladan() -> SideSnapshot:
    """A typed Beestwars side: a Hero and two fighters."""
    return typed_side(
        "beestwars",
        "Geladan",
        [
            PlayModel(name="Sheko Long Tooth", tags=["hero"]),
            PlayModel(name="Geladan"),
            PlayModel(name="Archer"),
        ],
    )


def cinder() -> SideSnapshot:
    """A typed Brutality side: a Leader and two models of 3 Hit Points."""
    return typed_side(
        "brutality",
        "Cinder Pack",
        [
            PlayModel(name="Old Gnash", wounds=3, tags=["leader"]),
            PlayModel(name="Rook", wounds=3),
            PlayModel(name="Ember", wounds=3),
        ],
    )


def raiders() -> SideSnapshot:
    """A typed Iron & Honor party: hero 5, companion 3, follower 2 (Fate Pool 3+1+1)."""
    return typed_side(
        "iron-and-honor",
        "Raiders",
        [
            PlayModel(name="Hakon", wounds=5, tags=["hero"]),
            PlayModel(name="Ulla", wounds=3, tags=["companion"]),
            PlayModel(name="Finn", wounds=2, tags=["follower"]),
        ],
    )
