"""A game in progress: the events players make, the state they replay to, and the
contract each game system's rules of play implement.

Plain Python, no Django (the web layer stores events and snapshots; this module only
turns them into a state). The design (docs/play.md):

- A game starts from a :class:`Snapshot`: both sides' model lines as evaluated when the
  game began (a roster's Wounds / Hit Points, Leader, Hero...), so editing a roster later
  never changes a game in progress.
- Every player action is an :class:`Event` appended to the game's log, with an ``id`` the
  client made (a resent tap is applied once). The state is the log replayed from the
  snapshot by :func:`replay`; the version is the number of events in the log.
- Rules consequences (a second Stunned kills, a kill adds Froth or Victory Points, the
  Fate Pool refills...) happen inside the system's :meth:`PlayRules.apply`, so every
  viewer derives the same state from the same log.
- Random draws (the Iron & Honor dice bag, the Beestwars activation deck) are decided by
  the server when the event is appended (:meth:`PlayRules.decide`, with a CSPRNG) and
  recorded in the event's ``outcome``; replay only reads the recorded outcome, so it is
  deterministic. What a side may not see yet is removed by :meth:`PlayRules.view` and
  :func:`public_event` before anything reaches that side.
- Undo drops one event from the log; the state is the log replayed without it. An event
  that no longer makes sense after an undo stays in the log, marked with the reason it
  has no effect.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

#: A client-made event id: 8 to 64 letters, digits, "-" or "_" (a UUID4 fits).
EVENT_ID_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"

SideIndex = Literal[0, 1]
#: Model actions only the model's own player takes (PlayRules.actor, may_undo):
#: nominating it (Iron & Honor p.31, Brutality "Activation Phases"), Brutality's Staunch
#: and Stamp (Status Effects: the model's own action), a Base Assault defender's respawn, a
#: Beestwars fighter's action (p.5).
OWN_CHOICES = frozenset({"activate", "staunch", "stamp", "respawn", "act"})
#: Game events every system takes (TablePlay.apply), declared by none (issue 40): one
#: player proposes to end the game (``value`` the winning side, or None: the rules
#: decide), the other accepts (the game ends as proposed) or refuses (play goes on). With
#: two phones the app ends a game only this way (roster.games.operations.act).
END_AGREEMENT = ("propose-end", "accept-end", "refuse-end")
Scalar = int | str | bool | None


class Refused(Exception):
    """An action that does not make sense in the current state.

    ``reason`` is a sentence for the player, in the books' terms, with the page where
    it helps ("Aldric is already killed", "no Fate left: the Fate Pool is empty (p.10)").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- what a game starts from -------------------------------------------------------


class PlayModel(_Strict):
    """One model as it enters the game.

    ``wounds`` is its starting Wounds (Iron & Honor WO) or Hit Points (Brutality); None
    where the system tracks no count (Beestwars) or the value is unknown (the player is
    asked). ``role`` is the system's word for it ("hero", "companion", "follower",
    "Melee (Berserker)", a Beestwars profile...). ``tags`` are flags the rules of play
    read: "hero", "leader", "summoned", "standard"... ``stats`` the printed line
    (Brutality's Wound Chart results change it during the game). ``rules`` the names of
    traits / abilities shown on the row.
    """

    name: str
    role: str = ""
    wounds: int | None = None
    tags: list[str] = Field(default_factory=list)
    stats: dict[str, Scalar] = Field(default_factory=dict)
    rules: list[str] = Field(default_factory=list)


class SideSnapshot(_Strict):
    """One side as the game began.

    ``origin``: "roster" (a Muster roster: ``roster_id`` set), "export" (an uploaded
    ``muster.roster/1`` export) or "typed" (names and Wounds / Hit Points typed in for an
    opponent who is not on Muster). ``document`` is the roster document for "roster" and
    "export", with ``rules_digest`` and ``supplement`` (a pinned supplement document) as
    they were; ``totals`` the evaluated totals the rules of play read (Iron & Honor's
    ``fate_pool``). ``issues`` the roster's rule problems at the start (shown once).
    """

    name: str
    player: str = ""
    origin: Literal["roster", "export", "typed"]
    roster_id: int | None = None
    document: dict[str, Any] | None = None
    rules_digest: str | None = None
    supplement: dict[str, Any] | None = None
    totals: dict[str, Scalar] = Field(default_factory=dict)
    issues: list[str] = Field(default_factory=list)
    models: list[PlayModel]


class Snapshot(_Strict):
    """What a game starts from: the system, both sides, and the set-up choices
    (``setup``: Brutality's mission and region, who is active first...)."""

    system: str
    sides: tuple[SideSnapshot, SideSnapshot]
    setup: dict[str, Scalar] = Field(default_factory=dict)


# --- what players do ---------------------------------------------------------------


class Event(_Strict):
    """One player action.

    ``id`` made by the client (resending the same id is applied once). ``side`` the side
    that made it (0 or 1). ``action`` one of the system's declared action names
    ("wound", "heal", "status", "token", "spend", "draw", "next-turn", "end"...).
    ``target`` the side whose model or resource it concerns (None: the game), ``model``
    that model's index in its side, ``value`` the action's argument (a status name, a
    token, an amount, a named Fate use...). ``outcome`` is written by the server only
    (:meth:`PlayRules.decide`): what a random draw gave. ``at`` an ISO time for the log.
    """

    id: str = Field(pattern=EVENT_ID_PATTERN)
    side: SideIndex
    action: str = Field(min_length=1, max_length=40)
    target: SideIndex | None = None
    model: int | None = Field(default=None, ge=0, le=999)
    value: Scalar = None
    outcome: dict[str, Scalar] = Field(default_factory=dict)
    at: str | None = None


# --- the state a log replays to -----------------------------------------------------


class Token(_Strict):
    """A status effect or token on a model: its declared ``name`` and, where it has one,
    the player's ``detail`` (Trauma's chosen effect, a Wound Chart result...)."""

    name: str
    detail: str | None = None


class ModelState(_Strict):
    """A model during the game. ``wounds`` left (None: not tracked or unknown),
    ``status`` one of the system's declared statuses ("ready", "stunned", "killed"...),
    ``tokens`` on it, ``stats`` its current line (after Wound Chart results),
    ``base_stats`` its line as the game began,
    ``killed_turn`` the turn it was killed in, ``activated`` True once it has acted this
    turn (reset at the next turn)."""

    index: int
    name: str
    role: str = ""
    tags: list[str] = Field(default_factory=list)
    max_wounds: int | None = None
    wounds: int | None = None
    status: str = "ready"
    tokens: list[Token] = Field(default_factory=list)
    stats: dict[str, Scalar] = Field(default_factory=dict)
    base_stats: dict[str, Scalar] = Field(default_factory=dict)
    rules: list[str] = Field(default_factory=list)
    killed_turn: int | None = None
    activated: bool = False

    @property
    def killed(self) -> bool:
        """True once the model is out of the game."""
        return self.status == "killed"


class SideState(_Strict):
    """A side during the game: ``resources`` by declared name (Fate Pool, Froth, Command
    Token...), ``victory_points``, ``flags`` (Heroic Impetus used...) and its models."""

    name: str
    player: str = ""
    resources: dict[str, int] = Field(default_factory=dict)
    victory_points: int = 0
    flags: dict[str, Scalar] = Field(default_factory=dict)
    models: list[ModelState]


class LogLine(_Strict):
    """One line of the game's log as shown: the event it came from, the side that made
    it, a sentence in the books' terms, the page of the rule applied, and, when the event
    had no effect on replay (after an undo), the reason. ``target``: see below."""

    event_id: str
    side: SideIndex
    text: str
    source: str | None = None
    refused: str | None = None
    #: The side whose model the event concerned (a wound, a status, a token on it),
    #: None for a side's or the game's own action: that model's player may undo it.
    target: SideIndex | None = None
    #: The turn the event was made in (the log is read by turn).
    turn: int | None = None
    #: What Muster did itself as a consequence of the event (a kill's Victory Points or
    #: Froth, Bleeding's Hit Point, Death of a Hero, a new turn...): its own line.
    auto: bool = False
    #: The sides whose activation or models this event cut short (a turn ended while
    #: their models waited, an activation ended with action points left): with two
    #: phones each may undo it though the other side made it (PlayRules.may_undo).
    ended_for: list[SideIndex] = Field(default_factory=list)


class TableState(_Strict):
    """The state of a game: the log replayed.

    ``version`` counts the events in the log. ``turn`` from 1. ``phase`` the system's
    word for where the turn stands. ``active`` the side whose activation it is, where the
    system has one. ``public`` what every viewer may see of the bag / deck / mission
    (counts, revealed cards); ``hidden`` what is held back per side until its time
    (keyed by side "0" / "1", or "server" for what nobody may see): :meth:`PlayRules.view`
    removes it for each viewer. ``notices`` the rules consequences of the last event, to
    show once ("Aldric is killed: a second Stunned (p.6)").
    """

    system: str
    version: int = 0
    turn: int = 1
    phase: str = ""
    active: SideIndex | None = None
    finished: bool = False
    winner: SideIndex | None = None
    sides: tuple[SideState, SideState]
    public: dict[str, Any] = Field(default_factory=dict)
    hidden: dict[str, Any] = Field(default_factory=dict)
    notices: list[str] = Field(default_factory=list)
    log: list[LogLine] = Field(default_factory=list)


# --- what a system declares ----------------------------------------------------------


class Rule(_Strict):
    """A rule of play as shown on the table: a ``name`` (the book's), a summary in our
    own words and its page (``section`` where the book prints no page numbers:
    Brutality). A token may change the model's line (``modifiers``, stat key -> amount)
    and may take a chosen effect (``choices``: effect -> its modifiers, in the book's
    order; the token is then written "Name: effect" in an event's ``value``)."""

    name: str
    summary: str
    page: int | None = None
    section: str | None = None
    modifiers: dict[str, int] = Field(default_factory=dict)
    choices: dict[str, dict[str, int]] = Field(default_factory=dict)


class ActionSpec(_Strict):
    """An action the table offers. ``scope``: "model" (a button on each model's row),
    "side" (on a side's bar: spend Fate, Command Token...) or "game" (next turn, draw,
    end). ``values``: the choices it takes (statuses, tokens, named Fate uses), empty
    when it takes none. ``cost``: the resource and amount it spends, if any.
    ``resource``: the resource a "spend" or "gain" changes; ``amounts``: how much each
    of ``values`` spends or gains (a value not listed: 1). ``section`` where the book
    prints no page numbers (Brutality)."""

    name: str
    label: str
    scope: Literal["model", "side", "game"]
    summary: str
    page: int | None = None
    section: str | None = None
    values: list[str] = Field(default_factory=list)
    cost: dict[str, int] = Field(default_factory=dict)
    resource: str | None = None
    amounts: dict[str, int] = Field(default_factory=dict)


class SetupChoice(_Strict):
    """A set-up choice a system's game starts with (issue 28: setup as the books have
    it): the ``key`` it is stored under in ``Snapshot.setup``, the ``label`` the start
    page shows, the ``values`` to choose from (a side is written "0" / "1"), whether
    Muster may ``roll`` it instead, ``default`` (a value, or "roll"), and where the book
    says so (``page`` or ``section``)."""

    key: str
    label: str
    values: list[str]
    roll: bool = True
    default: str = "roll"
    summary: str = ""
    page: int | None = None
    section: str | None = None
    #: What a roll may give that Muster's transcription lacks, and how it is played then
    #: (docs/rules-decisions.md): said to an organiser before a round's set-up is rolled.
    roll_gap: str = ""


class Trackers(_Strict):
    """Everything a system's table shows, declared as data with pages: the
    ``statuses`` a model can be in, the ``tokens`` that can be put on it, the side's
    ``resources`` (with their starting rule), the ``actions`` offered, the ``end`` of
    the game, and the ``decisions`` Muster made where the book is unclear
    (docs/rules-decisions.md, "Play at the table")."""

    statuses: list[Rule]
    tokens: list[Rule] = Field(default_factory=list)
    resources: list[Rule] = Field(default_factory=list)
    actions: list[ActionSpec]
    end: Rule
    decisions: list[Rule] = Field(default_factory=list)


class PlayRules(ABC):
    """The rules of play of one game system. Pure functions of the snapshot and events.

    Subclasses set ``system_id``, ``book`` and ``trackers`` and implement :meth:`start`
    and :meth:`apply`; :meth:`decide` for actions with random outcomes and :meth:`view`
    for hidden information.
    """

    system_id: str
    book: str
    trackers: Trackers
    # The order a model's line is printed in (the book's profile order). A game's
    # snapshot is JSON, and PostgreSQL's jsonb keeps a dict's keys in an order of its
    # own, so the table orders the line by this, keys not named here last.
    stat_order: tuple[str, ...] = ()
    # What the book calls the points its games are won on, in full and short (Iron &
    # Honor's are encounter ExP, p.46).
    score_word: str = "Victory Points"
    score_short: str = "VP"
    # The table's status line (roster.games.display) in the players' words: a public state
    # key's label where its key in words is not it ("Activated last"); by a public value's
    # key, the words of the keys inside it ({"activation": {"roll": "rolled"}}); a key
    # inside one whose None says something ("action points: to roll"); and the keys inside
    # one that hold a list of sides, said by their names.
    public_labels: ClassVar[dict[str, str]] = {}
    public_words: ClassVar[dict[str, dict[str, str]]] = {}
    public_unset: ClassVar[dict[str, str]] = {}
    public_side_lists: ClassVar[frozenset[str]] = frozenset()
    # The book's rules of play that are not a declared status, token, resource or action
    # (the turn, action costs, the deck...), for the table's "The rules on this table"
    # (issue 40: the list complete), and the public state's keys that are set-up choices
    # (the mission, the encounter...), explained on the table by setup_rules instead.
    reference: ClassVar[list[Rule]] = []
    setup_public: ClassVar[frozenset[str]] = frozenset()

    def setup_rules(self, public: dict[str, Any]) -> list[Rule]:
        """The rules of this game's set-up (its mission and region, its encounter) in our
        words with their pages, from the state's ``public`` part, explained on the table.
        Default: none."""
        return []

    def source(self, page: int | None, section: str | None = None) -> str:
        """The citation of a page: "Iron & Honor p.6"; without a page, the book's
        section ("Brutality Skirmish Wargame, Command Token"), else the book."""
        if page is not None:
            return f"{self.book} p.{page}"
        return f"{self.book}, {section}" if section else self.book

    @property
    def version(self) -> str:
        """The version of these rules of play: the first 12 hex digits of a SHA-256 of
        their code (this module, rules/play/base.py and the system's own module), so any
        change to how a log replays gives another version. A game records the version it
        was played under (``Game.rules_version``, the export's ``rules_version``), and a
        replay under another one says so (issue 28)."""
        return _code_version(type(self))

    @property
    def victory_points(self) -> ActionSpec | None:
        """The action that scores Victory Points (``score``), whose page or section says
        where the book counts them (Iron & Honor's encounter ExP p.46, Brutality's
        "Scoring Points"); None for a book with no Victory Points (The Denizens of the
        Beestwars: the battle is won by wiping out the enemy or by agreement, p.9), whose
        table, result and export then show none."""
        return next((a for a in self.trackers.actions if a.name == "score"), None)

    @abstractmethod
    def start(self, snapshot: Snapshot) -> TableState:
        """The state before any event: every model ready with its Wounds / Hit Points,
        starting resources, turn 1."""

    @abstractmethod
    def apply(self, state: TableState, event: Event) -> TableState:
        """Apply one event to ``state`` and return the new state (``state`` may be
        changed in place and returned). Appends the event's :class:`LogLine` and sets
        ``notices``. Raises :class:`Refused` when the event does not make sense now,
        before changing anything (replay relies on it and makes no copy)."""

    def models(self, document: Any, report: Any) -> list[PlayModel]:
        """The models of a side from an evaluated roster: ``document`` its JSON dict,
        ``report`` its :class:`rules.report.Report`. Each system reads its own Wounds /
        Hit Points, Leader, Hero... from the report; this default gives the models'
        names only (no Wounds known: the player is asked)."""
        return [PlayModel(name=m.name) for m in report.models]

    def decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """The server's random outcome for ``event`` about to be appended (which die came
        out of the bag, which card was drawn), chosen with ``rng`` (a
        ``secrets.SystemRandom`` in the app). Default: no outcome."""
        return {}

    def view(self, state: TableState, viewer: SideIndex | None) -> TableState:
        """``state`` as ``viewer`` (a side, or None for a watcher) may see it: ``hidden``
        reduced to that side's part. Systems with hidden cards override it to also
        remove what the log and ``public`` would reveal."""
        mine = state.hidden.get(str(viewer)) if viewer is not None else None
        return state.model_copy(update={"hidden": {str(viewer): mine} if mine is not None else {}})

    def actor(self, state: TableState, event: Event) -> tuple[SideIndex, str] | None:
        """When each side plays on its own phone: the side whose player alone may take
        ``event`` now in ``state``, and the reason (with its page) told to the other
        player, or None when either may (the default; on one phone whoever taps acts).
        The app refuses the event from the other side with that reason."""
        return None

    def stands(self, event: Event) -> str | None:
        """Why ``event`` can never be undone, or None when it can. Default: an event whose
        outcome Muster drew (a die out of the bag, a card, a roll Muster made) stands:
        undone, it could be drawn again with another result, so a player could draw until
        they liked it (Iron & Honor p.31 and Beestwars p.4 draw blind). Systems add the
        events that showed what was drawn (Beestwars' "another action?" answer)."""
        if event.outcome:
            return "what Muster drew (a card, a die, a roll) stands: undone, it could be drawn again"
        return None

    def acting_model(self, state: TableState) -> tuple[int, int] | None:
        """The model acting now, as (side, model index), for the table to mark its row;
        None when none is. Default: the latest activated this turn (``public["current"]``,
        TablePlay.act_activate)."""
        current = state.public.get("current")
        if isinstance(current, list) and len(current) == 2:
            return int(current[0]), int(current[1])
        return None

    def setup_choices(self) -> list[SetupChoice]:
        """The set-up choices of a game of this system, for the start page. Default:
        none."""
        return []

    def roll_setup(self, key: str, chosen: dict[str, Scalar], rng: random.Random) -> dict[str, Scalar]:
        """Roll set-up choice ``key`` (players chose "roll") with ``rng``, given what was
        chosen so far: the ``Snapshot.setup`` entries it gives (its value, and the dice
        rolled, e.g. ``{"first": 1, "first_rolls": "2 v 5"}``). Default: one of its
        values at random."""
        choice = next(c for c in self.setup_choices() if c.key == key)
        return {key: rng.choice(choice.values)}

    def usable(self, state: TableState, side: SideIndex, action: str, value: str) -> bool:
        """Whether ``side`` has the named use ``value`` of side action ``action`` at all
        (a trait's use of Fate needs a model with the trait): the table offers only
        these. Default: every one."""
        return True

    def offered(self, state: TableState, action: str) -> bool:
        """Whether the table offers game action ``action`` now (the bar shows only these;
        the rules still judge whatever is sent). Default: always."""
        return True

    def confirm(self, state: TableState, event: Event) -> str | None:
        """A question to ask before ``event`` is applied in ``state`` (it would do more
        than the tap suggests: Brutality's "Next turn" at the last turn while models still
        wait ends the game), or None to apply it at once. The app applies it only when the
        player confirms (roster.games.operations.act). Default: never asks."""
        return None

    def early_end(self, state: TableState) -> str | None:
        """Why the book does not end the game now, or None when an ``end`` may be
        recorded (Brutality: only at the end of Turn 4, Game Length). Default: None, the
        players may end it at any time (Iron & Honor's encounter, Beestwars p.9)."""
        return None

    def winner_refusal(self, winner: Scalar) -> str | None:
        """Why ``winner`` (a side, or None: the rules decide) cannot be the result an
        ``end`` records, or None. Default: a side or none."""
        if winner is not None and (winner not in (0, 1) or isinstance(winner, bool)):
            return "the winner is side 0 or side 1"
        return None

    def proposed_result(self, state: TableState, winner: Scalar) -> str:
        """The result a proposal to end the game names, in words."""
        if self.early_end(state) is not None:
            return "stop here without a result"
        if winner in (0, 1):
            return f"{state.sides[0 if winner == 0 else 1].name} wins"
        return f"the most {self.score_word} wins"

    def may_undo(
        self, event: Event, side: SideIndex | None, ended_for: Sequence[SideIndex] = ()
    ) -> str | None:
        """Why ``side`` (None: the owner on one phone) may not undo ``event``, or None when
        it may: what stands (:meth:`stands`) never; with two phones a side undoes its own
        actions and what was recorded on its own models (a wound, a status, a token the
        other phone tapped: the model's player may take it back), never the other side's
        choices (issue 28, docs/play.md "Fair between phones"), except one that cut its
        own activation or models short (``ended_for``: the event's ``LogLine.ended_for``,
        issue 40: "Next turn" tapped by the other phone while its models waited)."""
        why = self.stands(event)
        if why is not None:
            return why
        if side is None or event.side == side or side in ended_for:
            return None
        if event.target == side and event.model is not None and event.action not in OWN_CHOICES:
            return None
        return "that action is the other side's: only they can undo it"

    def hides(self, state: TableState, event: Event, viewer: SideIndex | None) -> bool:
        """True when ``event``'s outcome must not reach ``viewer`` yet in ``state`` (the
        Beestwars card drawn for the active commander until their activation ends).
        Default: never."""
        return False


@functools.cache
def _code_version(kind: type) -> str:
    digest = hashlib.sha256()
    for cls in kind.__mro__:
        module = sys.modules.get(cls.__module__)
        if module is None or not cls.__module__.startswith("rules."):
            continue
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()[:12]


# --- the log -------------------------------------------------------------------------


def unique(events: Iterable[Event]) -> list[Event]:
    """The events in order with later copies of an already seen ``id`` dropped."""
    seen: set[str] = set()
    out = []
    for e in events:
        if e.id not in seen:
            seen.add(e.id)
            out.append(e)
    return out


def replay(rules: PlayRules, snapshot: Snapshot, events: Sequence[Event]) -> TableState:
    """The state ``events`` lead to from ``snapshot``.

    Duplicate ids count once. An event refused on replay (its premise was undone) stays
    in the log with the reason and changes nothing else. ``version`` is the number of
    distinct events. Never raises for events that passed the schema.
    """
    state = rules.start(snapshot)
    kept = unique(events)
    for event in kept:
        state = apply_or_note(rules, state, event)
    state.version = len(kept)
    return state


def apply_or_note(rules: PlayRules, state: TableState, event: Event) -> TableState:
    """Apply ``event``; when it is refused, log it with the reason and keep ``state``.

    No copy is made: :meth:`PlayRules.apply` checks everything before it changes the
    state, so a refused event leaves it as it was (tests/rules/play/test_properties.py
    checks this law for every system).
    """
    try:
        return rules.apply(state, event)
    except Refused as refused:
        state.log.append(
            LogLine(event_id=event.id, side=event.side, text=event.action, refused=refused.reason)
        )
        state.notices = []
        return state


def append(
    rules: PlayRules, snapshot: Snapshot, events: Sequence[Event], event: Event, rng: random.Random
) -> tuple[list[Event], TableState]:
    """Append one new event to the log and return (the new log, its state).

    A resent ``event.id`` already in the log changes nothing (the current log and state
    are returned). Otherwise the server's outcome is decided with ``rng`` and the event
    applied; raises :class:`Refused` (and the log is unchanged) when it does not make
    sense now. Ignores any ``outcome`` the client sent.
    """
    log = unique(events)
    state = replay(rules, snapshot, log)
    if any(e.id == event.id for e in log):
        return log, state
    event = event.model_copy(update={"outcome": {}})
    event = event.model_copy(update={"outcome": rules.decide(state, event, rng)})
    new_state = rules.apply(state, event)
    new_state.version = len(log) + 1
    return [*log, event], new_state


def undo(events: Sequence[Event], event_id: str | None = None, side: SideIndex | None = None) -> list[Event]:
    """The log without one event: ``event_id``, or the latest (the latest made by
    ``side`` when given). Raises :class:`Refused` when there is no such event."""
    log = unique(events)
    if event_id is None:
        mine = [e for e in log if side is None or e.side == side]
        if not mine:
            raise Refused("nothing to undo")
        event_id = mine[-1].id
    if not any(e.id == event_id for e in log):
        raise Refused("that action is not in this game's log")
    return [e for e in log if e.id != event_id]


def refusals(state: TableState) -> dict[str, str | None]:
    """Each event id of ``state``'s log -> the reason it had no effect (None: applied)."""
    return {line.event_id: line.refused for line in state.log}


def fates_changed(
    rules: PlayRules, events: Sequence[Event], before: TableState, after: TableState
) -> list[Event]:
    """The events of ``events`` that stand (:meth:`PlayRules.stands`) and were applied in
    ``before`` but have no effect in ``after`` (the same log less an undone event): an
    undo that would do this lets a side draw again, so it is refused (issue 29)."""
    was, now = refusals(before), refusals(after)
    return [
        e
        for e in unique(events)
        if rules.stands(e) is not None and e.id in was and was[e.id] is None and now.get(e.id) is not None
    ]


def public_event(rules: PlayRules, state: TableState, event: Event, viewer: SideIndex | None) -> Event:
    """``event`` as ``viewer`` may receive it in ``state``: its outcome removed while hidden."""
    return event.model_copy(update={"outcome": {}}) if rules.hides(state, event, viewer) else event
