"""A game out of Muster: ``muster.game/1`` JSON (rules.play.format, docs/formats.md) and
plain text (its result and log)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.text import slugify

from roster.games.display import words
from roster.games.models import Game
from rules.play.core import PlayRules, SideIndex, TableState


def game_json(game: Game, state: TableState | None = None, viewer: SideIndex | None = None) -> str:
    """The game as ``muster.game/1``: the snapshot, the sides and the events. Given the
    game's ``state``, each event is as ``viewer`` may receive it
    (rules.play.core.public_event: a card still held back from them has no outcome)."""
    from roster.games.systems import play_rules
    from rules.play.core import public_event
    from rules.play.format import dump_game

    events = game.event_models
    if state is not None:
        rules = play_rules(game.system)
        events = [public_event(rules, state, e, viewer) for e in events]
    return dump_game(
        game.snapshot_model,
        events,
        name=game.name,
        trail=game.trail,
        rules_version=game.rules_version or None,
    )


def game_text(game: Game, state: TableState, rules: PlayRules) -> str:
    """The game as plain text: the sides with Victory Points (where the book counts
    them: PlayRules.victory_points) and casualties, the winner, the turns played, then
    every action of the log."""
    lines = [
        game.name,
        f"{rules.book}, turn {state.turn}{', finished' if state.finished or game.finished else ''}",
    ]
    if state.winner is not None:
        lines.append(f"Winner: {state.sides[state.winner].name}")
    for side in state.sides:
        killed = [m.name for m in side.models if m.killed]
        vp = f": {side.victory_points} {rules.score_word}" if rules.victory_points is not None else ""
        lines += ["", f"{side.name}{vp}"]
        lines += [f"  {name}: {value}" for name, value in side.resources.items()]
        lines.append(f"  Casualties: {', '.join(killed) if killed else 'none'}")
    lines += ["", "Log:"]
    for number, line in enumerate(state.log, start=1):
        who = state.sides[line.side].name
        note = f" [no effect: {line.refused}]" if line.refused else ""
        cite = f" ({line.source})" if line.source else ""
        lines.append(f"{number}. {who}: {words(line.text)}{cite}{note}")
    return "\n".join(lines) + "\n"


def archived_games(owner: Any) -> Iterator[tuple[str, str]]:
    """Every game of ``owner`` as (file name, ``muster.game/1`` JSON), one at a time, for
    the account's zip (roster.accounts.archive.write_archive): each as the owner's seat
    sees it (side 0 when the other side is held, else nobody's hand), so a card drawn for
    the other side and not yet shown has no outcome there (issue 29). Only a system that
    hides outcomes (PlayRules.hides) has its games replayed, without the per-process
    cache, so a zip of many games neither replays them all nor pushes live games' states
    out."""
    from roster.games.systems import play_rules
    from rules.play.core import PlayRules, replay

    for game in Game.objects.filter(owner=owner).order_by("pk").iterator(chunk_size=20):
        rules = play_rules(game.system)
        state = None
        if type(rules).hides is not PlayRules.hides:
            state = replay(rules, game.snapshot_model, game.event_models)
        viewer: SideIndex | None = 0 if game.side_hash or game.guest_id is not None else None
        yield f"{slugify(game.name) or 'game'}-{game.pk}.json", game_json(game, state, viewer)
