"""The actions the three games share, so each system only writes what its book adds.

:class:`TablePlay` turns an :class:`~rules.play.core.Event` into a call of its
``act_<action>`` method (``next-turn`` -> ``act_next_turn``), after checking that the
system declares the action. The shared actions (docs/play.md, "Actions"):

- ``wound`` / ``heal`` (model; ``value`` an amount, default 1): Wounds / Hit Points left;
  none left kills the model.
- ``status`` (model; ``value`` a declared status): "Killed" kills it.
- ``token`` / ``untoken`` (model; ``value`` "Name" or "Name: chosen effect"): put on or
  take off one token; a token's modifiers change the model's current line.
- ``spend`` / ``gain`` (side; ``value`` one of the action's named uses): a resource.
- ``score`` (side; ``value`` Victory Points, default 1, may be negative to correct).
- ``activate`` (model): the model has acted this turn.
- ``next-turn`` (game), ``end`` (game; ``value`` the winning side, or none: most
  Victory Points wins, a tie is a draw).

Systems override the hooks :meth:`on_kill`, :meth:`on_status`, :meth:`on_spend`,
:meth:`on_activate`, :meth:`end_of_turn` and :meth:`start_of_turn`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rules.play.core import (
    END_AGREEMENT,
    OWN_CHOICES,
    ActionSpec,
    Event,
    LogLine,
    ModelState,
    PlayModel,
    PlayRules,
    Refused,
    Rule,
    Scalar,
    SideIndex,
    SideState,
    Snapshot,
    TableState,
    Token,
)

#: A handler's answer: the log sentence and the rule it applied (page, section).
Done = tuple[str, int | None, str | None]

MAX_AMOUNT = 99


def other(side: int) -> SideIndex:
    """The opposing side of ``side`` (0 <-> 1)."""
    return 1 if side == 0 else 0


def some_names(names: list[str]) -> str:
    """A few names in words: "Ulf", "Ulf and Bjorn", "Ulf and 2 others"."""
    if len(names) <= 2:
        return " and ".join(names)
    return f"{names[0]} and {len(names) - 1} others"


def key_of(name: str) -> str:
    """A declared name as a status key: "Knock Down" -> "knock-down"."""
    return "-".join(name.lower().replace("!", "").split())


class TablePlay(PlayRules):
    """Shared rules of play: dispatch, the common actions and the hooks systems fill in.

    Subclasses set ``system_id``, ``book``, ``trackers`` and ``wound_word`` (the book's
    word for what ``wound`` takes away: "Wounds", "Hit Points"; empty when none).
    """

    wound_word: ClassVar[str] = "Wounds"

    # --- the table's start -----------------------------------------------------

    def start(self, snapshot: Snapshot) -> TableState:
        """Every model ready with its Wounds / Hit Points, the starting resources of
        :meth:`starting_resources`, turn 1; then :meth:`set_up` for the system's own."""
        sides = tuple(
            SideState(
                name=side.name,
                player=side.player,
                resources=self.starting_resources(snapshot, i),
                models=[self.model_state(i, n, m) for n, m in enumerate(side.models)],
            )
            for i, side in enumerate(snapshot.sides)
        )
        state = TableState(system=self.system_id, sides=(sides[0], sides[1]))
        self.set_up(state, snapshot)
        self.say_setup(state, snapshot)
        return state

    def say_setup(self, state: TableState, snapshot: Snapshot) -> None:
        """A notice at the start for each set-up choice Muster rolled (``setup["rolled"]``,
        the keys rolled, comma-separated; the dice in ``<key>_rolls`` or ``<key>_roll``),
        so every phone sees what came out before the first action."""
        rolled = [k.strip() for k in str(snapshot.setup.get("rolled") or "").split(",") if k.strip()]
        for choice in self.setup_choices():
            if choice.key not in rolled or choice.key not in snapshot.setup:
                continue
            value = snapshot.setup[choice.key]
            shown = state.sides[int(str(value))].name if choice.values == ["0", "1"] else str(value)
            dice = snapshot.setup.get(f"{choice.key}_rolls") or snapshot.setup.get(f"{choice.key}_roll")
            how = f"rolled by Muster: {dice}" if dice is not None else "drawn at random by Muster"
            cite = self.source(choice.page, choice.section)
            state.notices.append(f"{choice.label}: {shown} ({how}) ({cite})")

    def model_state(self, side: int, index: int, model: PlayModel) -> ModelState:
        """A model as it enters the game (Wounds full, ready)."""
        wounds = model.wounds if self.wound_word else None
        return ModelState(
            index=index,
            name=model.name,
            role=model.role,
            tags=list(model.tags),
            max_wounds=wounds,
            wounds=wounds,
            status=key_of(self.trackers.statuses[0].name),
            stats=dict(model.stats),
            base_stats=dict(model.stats),
            rules=list(model.rules),
        )

    def typed_models(self, models: list[PlayModel]) -> list[PlayModel]:
        """A typed side's models as the rules read them (Iron & Honor and Brutality
        name a hero / Leader when none is tagged). Default: as typed."""
        return models

    def starting_resources(self, snapshot: Snapshot, side: int) -> dict[str, int]:
        """A side's resources at the start (Fate Pool, Froth...). Default: none."""
        return {}

    def set_up(self, state: TableState, snapshot: Snapshot) -> None:
        """The system's own start: the bag, the deck, the mission. Default: nothing."""

    # --- dispatch --------------------------------------------------------------

    def spec(self, action: str) -> ActionSpec:
        """The declared action named ``action``; Refused when the system has none."""
        for a in self.trackers.actions:
            if a.name == action:
                return a
        raise Refused(f"{self.book} has no action {action!r}")

    def apply(self, state: TableState, event: Event) -> TableState:
        """Apply ``event`` through its ``act_`` method and log it (see the module). A
        ``reopen`` event (every system: the owner reopens a finished game,
        roster.games.operations.reopen) takes the end back."""
        if event.action == "reopen":
            if not state.finished:
                raise Refused("the game is not over")
            state.finished, state.winner, state.notices = False, None, []
            state.public.pop("end_offer", None)
            state.public.pop("stopped", None)
            line = LogLine(event_id=event.id, side=event.side, text="The game is reopened", turn=state.turn)
            state.log.append(line)
            state.version += 1
            return state
        agreement = event.action in END_AGREEMENT
        spec = None if agreement else self.spec(event.action)
        if state.finished and event.action != "end":
            raise Refused("the game is over")
        handler: Callable[[TableState, Event], Done] | None = getattr(
            self, "act_" + event.action.replace("-", "_"), None
        )
        if handler is None:
            raise Refused(f"{self.book} has no action {event.action!r}")
        before, state.notices = state.notices, []
        turn = state.turn
        # What the event cuts short, found before it changes anything (issue 40).
        cut = self.unfinished(state, event)
        try:
            text, page, section = handler(state, event)
        except Refused:
            state.notices = before
            raise
        if cut:
            text = f"{text} ({'; '.join(words for _, words in cut)})"
        source = self.source(
            page if page is not None else (spec.page if spec else None),
            section or (spec.section if spec else None),
        )
        concerned = event.target if spec and event.model is not None and spec.scope == "model" else None
        state.log.append(
            LogLine(
                event_id=event.id,
                side=event.side,
                text=text,
                source=source,
                target=concerned,
                turn=turn,
                ended_for=sorted({side for side, _ in cut}),
            )
        )
        # Each rules consequence Muster applied is a line of its own (issue 28).
        state.log.extend(
            LogLine(event_id=event.id, side=event.side, text=notice, turn=turn, auto=True)
            for notice in state.notices
        )
        state.version += 1
        return state

    # --- helpers for handlers ----------------------------------------------------

    def notice(
        self, state: TableState, text: str, page: int | None = None, section: str | None = None
    ) -> None:
        """Say a rules consequence once, with its source."""
        state.notices.append(f"{text} ({self.source(page, section)})")

    def side_of(self, state: TableState, event: Event) -> tuple[SideIndex, SideState]:
        """The side ``event`` concerns: its ``target``, else the side that made it."""
        index: SideIndex = event.target if event.target is not None else event.side
        return index, state.sides[index]

    def model_of(self, state: TableState, event: Event, alive: bool = True) -> tuple[SideIndex, ModelState]:
        """The model ``event`` names (``target`` side, ``model`` index); Refused when
        there is none, or, with ``alive``, when it is killed."""
        index, side = self.side_of(state, event)
        if event.model is None or event.model >= len(side.models):
            raise Refused(f"{side.name} has no model number {event.model}")
        model = side.models[event.model]
        if alive and model.killed:
            raise Refused(f"{model.name} is already killed")
        return index, model

    @staticmethod
    def amount(event: Event, default: int = 1, negative: bool = False) -> int:
        """``event.value`` as a whole number (None: ``default``); Refused otherwise."""
        value = event.value
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise Refused("the amount must be a whole number")
        try:
            number = int(value)
        except ValueError:
            raise Refused(f"{value!r} is not a whole number") from None
        low = -MAX_AMOUNT if negative else 1
        if not low <= number <= MAX_AMOUNT or number == 0:
            raise Refused(f"the amount must be between {low} and {MAX_AMOUNT}, not {number}")
        return number

    @staticmethod
    def choice(event: Event, values: list[str], what: str) -> str:
        """``event.value`` matched case-insensitively against ``values``."""
        wanted = str(event.value or "").strip().lower()
        for v in values:
            if v.lower() == wanted:
                return v
        raise Refused(f"{event.value!r} is not a {what}; choose one of: {', '.join(values)}")

    def kill(self, state: TableState, side: SideIndex, model: ModelState, why: str) -> None:
        """Take ``model`` out of the game and apply the system's :meth:`on_kill`."""
        model.status = "killed"
        model.killed_turn = state.turn
        if model.wounds is not None:
            model.wounds = 0
        state.notices.append(f"{model.name} is killed: {why}")
        self.on_kill(state, side, model)

    def rule(self, rules: list[Rule], name: str, what: str) -> Rule:
        """The declared rule called ``name`` (case-insensitive) in ``rules``."""
        for r in rules:
            if r.name.lower() == name.strip().lower():
                return r
        raise Refused(f"{name!r} is not a {what} in {self.book}; known: {', '.join(r.name for r in rules)}")

    def restat(self, model: ModelState) -> None:
        """Recompute ``model.stats`` from its starting line and its tokens' modifiers
        (see :meth:`clamp`)."""
        stats = dict(model.base_stats)
        for token in model.tokens:
            rule = self.rule(self.trackers.tokens, token.name, "token")
            mods = dict(rule.modifiers)
            if token.detail is not None:
                for k, v in rule.choices.get(token.detail, {}).items():
                    mods[k] = mods.get(k, 0) + v
            for k, v in mods.items():
                current = stats.get(k)
                if isinstance(current, int) and not isinstance(current, bool):
                    stats[k] = current + v
        model.stats = {k: self.clamp(k, v) for k, v in stats.items()}

    def clamp(self, key: str, value: Scalar) -> Scalar:
        """A stat after modifiers, held within the book's limits. Default: as is."""
        return value

    # --- the shared actions --------------------------------------------------------

    def left(self, n: int) -> str:
        """What a model has left in the book's word, one in the singular: "1 Wound left",
        "2 Hit Points left" (issue 40)."""
        word = self.wound_word or "Wounds"
        return f"{n} {word[:-1] if n == 1 and word.endswith('s') else word} left"

    def points(self, n: int) -> str:
        """The book's word for ``n`` points scored: "Victory Point(s)", Iron & Honor's
        "ExP" (p.46), as the table says it."""
        word = self.score_word
        return word[:-1] if abs(n) == 1 and word.endswith("Points") else word

    def act_wound(self, state: TableState, event: Event) -> Done:
        """Take Wounds / Hit Points away; at none left the model is killed."""
        side, model = self.model_of(state, event)
        if model.wounds is None:
            raise Refused(f"{model.name}'s {self.wound_word or 'Wounds'} are not known")
        n = self.amount(event)
        model.wounds = max(0, model.wounds - n)
        text = f"{model.name} loses {n} ({self.left(model.wounds)})"
        if model.wounds == 0:
            self.kill(state, side, model, f"no {self.wound_word} left")
        return text, None, None

    def act_heal(self, state: TableState, event: Event) -> Done:
        """Give back Wounds / Hit Points, never above the starting value."""
        _side, model = self.model_of(state, event)
        if model.wounds is None or model.max_wounds is None:
            raise Refused(f"{model.name}'s {self.wound_word or 'Wounds'} are not known")
        if model.wounds >= model.max_wounds:
            raise Refused(f"{model.name} has all {model.max_wounds} {self.wound_word}")
        n = self.amount(event)
        model.wounds = min(model.max_wounds, model.wounds + n)
        return f"{model.name} heals ({self.left(model.wounds)})", None, None

    def act_status(self, state: TableState, event: Event) -> Done:
        """Set a model's status; "Killed" kills it (with the consequences)."""
        side, model = self.model_of(state, event)
        rule = self.rule(self.trackers.statuses, str(event.value or ""), "status")
        new = key_of(rule.name)
        if new == model.status:
            raise Refused(f"{model.name} is already {rule.name}")
        old = model.status
        if new == "killed":
            self.kill(state, side, model, "marked killed")
        else:
            model.status = new
            self.on_status(state, side, model, old)
        return f"{model.name}: {rule.name}", rule.page, rule.section

    def act_token(self, state: TableState, event: Event) -> Done:
        """Put one declared token on a model ("Name" or "Name: chosen effect")."""
        side, model = self.model_of(state, event)
        name, _, detail = str(event.value or "").partition(":")
        rule = self.rule(self.trackers.tokens, name, "token")
        chosen = detail.strip() or None
        if rule.choices:
            if chosen is None:
                raise Refused(f"{rule.name} needs its effect: one of {', '.join(rule.choices)}")
            chosen = self.choice(
                event.model_copy(update={"value": chosen}), list(rule.choices), f"{rule.name} effect"
            )
        elif chosen is not None:
            raise Refused(f"{rule.name} takes no chosen effect")
        model.tokens.append(Token(name=rule.name, detail=chosen))
        self.after_tokens(state, side, model)
        label = f"{rule.name}: {chosen}" if chosen else rule.name
        return f"{model.name} gets {label}", rule.page, rule.section

    def act_untoken(self, state: TableState, event: Event) -> Done:
        """Take one token off a model (the latest of that name, or of that name and effect)."""
        side, model = self.model_of(state, event)
        name, _, detail = str(event.value or "").partition(":")
        for i in range(len(model.tokens) - 1, -1, -1):
            t = model.tokens[i]
            if t.name.lower() == name.strip().lower() and (
                not detail.strip() or (t.detail or "").lower() == detail.strip().lower()
            ):
                del model.tokens[i]
                self.after_tokens(state, side, model)
                rule = self.rule(self.trackers.tokens, t.name, "token")
                return f"{model.name} loses {t.name}", rule.page, rule.section
        raise Refused(f"{model.name} has no {name.strip() or 'token'}")

    def after_tokens(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """Called after a model's tokens change. Default: nothing."""

    def act_spend(self, state: TableState, event: Event) -> Done:
        """Spend a resource on one of the action's named uses."""
        spec = self.spec("spend")
        use = self.choice(event, spec.values, "use") if spec.values else "spend"
        resource = spec.resource or next(iter(spec.cost))
        cost = spec.amounts.get(use, 1)
        side_index, side = self.side_of(state, event)
        have = side.resources.get(resource, 0)
        if have < cost:
            raise Refused(f"{side.name} has {have} {resource}; {use} costs {cost}")
        page = self.on_spend(state, side_index, use)
        side.resources[resource] = have - cost
        return f"{side.name} spends {cost} {resource}: {use} ({have - cost} left)", page, None

    def act_gain(self, state: TableState, event: Event) -> Done:
        """Gain a resource for one of the action's named reasons."""
        spec = self.spec("gain")
        why = self.choice(event, spec.values, "reason") if spec.values else "gain"
        resource = spec.resource or next(iter(spec.cost))
        n = spec.amounts.get(why, 1)
        side_index, side = self.side_of(state, event)
        page = self.on_gain(state, side_index, why)
        side.resources[resource] = side.resources.get(resource, 0) + n
        return f"{side.name} gains {n} {resource}: {why}", page, None

    def act_score(self, state: TableState, event: Event) -> Done:
        """Add Victory Points (objectives...) to a side; a negative amount corrects."""
        n = self.amount(event, negative=True)
        _, side = self.side_of(state, event)
        side.victory_points += n
        return f"{side.name} scores {n:+d} {self.points(n)} ({side.victory_points})", None, None

    def act_activate(self, state: TableState, event: Event) -> Done:
        """Mark a model as having acted this turn."""
        side, model = self.model_of(state, event)
        if model.activated:
            raise Refused(f"{model.name} has already acted this turn")
        page = self.on_activate(state, side, model)
        model.activated = True
        state.public["current"] = [side, model.index]
        return f"{model.name} activates", page, None

    def act_next_turn(self, state: TableState, event: Event) -> Done:
        """End the turn (:meth:`end_of_turn`), then start the next one, unless the
        game ends (:meth:`end_of_turn` sets ``finished``)."""
        ended = state.turn
        self.end_of_turn(state, event)
        if not state.finished:
            state.turn += 1
            state.public.pop("current", None)
            for side in state.sides:
                for m in side.models:
                    m.activated = False
            self.start_of_turn(state, event)
            return f"Turn {ended} ends; turn {state.turn} begins", None, None
        return f"Turn {ended} ends; the game is over", None, None

    def act_end(self, state: TableState, event: Event) -> Done:
        """End the game: ``value`` names the winning side (0 or 1; the players agree),
        or none: the side with more Victory Points wins, a tie is a draw."""
        if state.finished:
            raise Refused("the game is already over")
        early = self.early_end(state)
        if early is not None:
            raise Refused(early)
        why = self.winner_refusal(event.value)
        if why is not None:
            raise Refused(why)
        if event.value is None:
            self.finish(state)
        else:
            state.finished = True
            state.winner = 0 if event.value == 0 else 1
        return f"The game ends: {self.result(state)}", None, None

    def finish(self, state: TableState) -> None:
        """Finish the game; the winner has the most Victory Points (a tie: none)."""
        state.finished = True
        a, b = (s.victory_points for s in state.sides)
        state.winner = None if a == b else (0 if a > b else 1)

    @staticmethod
    def result(state: TableState) -> str:
        """The result in words: "Ghrim Company wins" or "a draw"."""
        return "a draw" if state.winner is None else f"{state.sides[state.winner].name} wins"

    # --- ending the game by agreement (issue 40) ---------------------------------------

    def act_propose_end(self, state: TableState, event: Event) -> Done:
        """One player proposes to end the game (``value`` the winning side, or None: the
        rules decide); the other player accepts or refuses it (``accept-end``,
        ``refuse-end``). Kept in ``public["end_offer"]`` ({"side", "winner"}) until then.
        Refused while another proposal waits, or for a winner the book does not take
        (:meth:`winner_refusal`)."""
        offer = state.public.get("end_offer")
        if isinstance(offer, dict):
            who = state.sides[int(offer["side"])].name
            if offer["side"] == event.side:
                raise Refused("you have proposed ending the game already: the other player is asked")
            raise Refused(f"the player of {who} has proposed ending the game: accept or refuse it first")
        why = self.winner_refusal(event.value) if self.early_end(state) is None else None
        if why is not None:
            raise Refused(why)
        state.public["end_offer"] = {"side": event.side, "winner": event.value}
        what = self.proposed_result(state, event.value)
        early = self.early_end(state)
        said = f"The player of {state.sides[event.side].name} proposes to end the game: {what}"
        if early is not None:
            said += f" ({early})"
        return said, self.trackers.end.page, self.trackers.end.section

    def act_accept_end(self, state: TableState, event: Event) -> Done:
        """The other player accepts the proposal: the game ends with the proposed
        winner (:meth:`act_end`); where the book would not end it yet (:meth:`early_end`),
        it is stopped without a result (``public["stopped"]``, no winner)."""
        offer = state.public.get("end_offer")
        if not isinstance(offer, dict):
            raise Refused("nobody has proposed ending the game")
        if offer["side"] == event.side:
            raise Refused("the other player accepts or refuses your proposal to end the game")
        name = state.sides[event.side].name
        early = self.early_end(state)
        if early is not None:
            state.public.pop("end_offer", None)
            state.finished, state.winner = True, None
            state.public["stopped"] = True
            said = f"The player of {name} accepts: the game is stopped here, without a result ({early})"
            return said, self.trackers.end.page, self.trackers.end.section
        text, page, section = self.act_end(state, event.model_copy(update={"value": offer.get("winner")}))
        state.public.pop("end_offer", None)
        return f"The player of {name} accepts: {text}", page, section

    def act_refuse_end(self, state: TableState, event: Event) -> Done:
        """The other player refuses the proposal to end the game (or its player takes it
        back): play goes on."""
        offer = state.public.get("end_offer")
        if not isinstance(offer, dict):
            raise Refused("nobody has proposed ending the game")
        state.public.pop("end_offer", None)
        name = state.sides[event.side].name
        if offer["side"] == event.side:
            return f"The player of {name} takes back the proposal to end the game", None, None
        return f"The player of {name} refuses to end the game: play goes on", None, None

    # --- what an event cuts short (issue 40) ---------------------------------------------

    def unfinished(self, state: TableState, event: Event) -> list[tuple[SideIndex, str]]:
        """What ``event`` would cut short in ``state``: (the side, what it has left in
        words, "Bjorn has 1 action point left") for each side whose activation or models
        it ends early. The table asks the phone that tapped first (:meth:`confirm`), the
        log line says it, and the side cut short may undo it (``LogLine.ended_for``).
        Default: nothing."""
        return []

    def confirm(self, state: TableState, event: Event) -> str | None:
        """Asked before an event that cuts an activation or a turn short
        (:meth:`unfinished`): what is left, then the question."""
        left = self.unfinished(state, event)
        if not left:
            return None
        said = "; ".join(words for _, words in left)
        return f"{said}. {self.ending_question(state, event)}"

    def ending_question(self, state: TableState, event: Event) -> str:
        """The question after what is left: "End Turn 2?", "End the activation?"."""
        if event.action == "next-turn":
            return f"End Turn {state.turn}?"
        return "End the activation?"

    # --- two phones ------------------------------------------------------------------

    def actor(self, state: TableState, event: Event) -> tuple[SideIndex, str] | None:
        """With two phones, a side's own actions (spend its Fate, Froth or Command Token,
        gain, score, Heroic Impetus, summon, pick up a standard) are taken by that side's
        player only: each commander keeps their own (Iron & Honor p.9: each player has a
        Fate Pool; Beestwars p.4: each commander's Froth). Otherwise
        the other phone could spend them, and only the side that tapped can undo. None for
        the other actions (either player; systems add their own, as Beestwars' deck).

        A model's own choices (``OWN_CHOICES``: activating it, Brutality's Staunch and
        Stamp, a Base Assault respawn) are its player's too; what happens to a model (a
        wound, a status, a token from an attack) may be recorded by either phone, and its
        player may undo it (roster.games.operations.undo)."""
        if event.target is None or event.target == event.side:
            return None
        spec = next((a for a in self.trackers.actions if a.name == event.action), None)
        if spec is None:
            return None
        name = state.sides[event.target].name
        if spec.scope == "model" and event.action in OWN_CHOICES:
            return event.target, f"{spec.label} is {name}'s player's choice: each player makes their own"
        if spec.scope != "side":
            return None
        return event.target, f"{spec.label} is for {name}'s player: each player takes their own side's"

    # --- hooks -----------------------------------------------------------------------

    def on_kill(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """What a kill brings (Froth, Victory Points...). Default: nothing."""

    def on_status(self, state: TableState, side: SideIndex, model: ModelState, old: str) -> None:
        """After a model's status changed from ``old``. Default: nothing."""

    def on_spend(self, state: TableState, side: SideIndex, use: str) -> int | None:
        """Check and apply a named use before its cost is paid (Refused when it cannot
        be used now); returns the page of its rule, or None for the action's."""
        return None

    def on_gain(self, state: TableState, side: SideIndex, why: str) -> int | None:
        """Check a named reason to gain a resource (Refused when it cannot be now);
        returns the page of its rule, or None for the action's."""
        return None

    def on_activate(self, state: TableState, side: SideIndex, model: ModelState) -> int | None:
        """Check and apply what an activation brings; returns the page of the rule."""
        return None

    def end_of_turn(self, state: TableState, event: Event) -> None:
        """The end of a turn (Iron & Honor's Maintenance Phase...). Default: nothing."""

    def start_of_turn(self, state: TableState, event: Event) -> None:
        """The start of a turn (Brutality's Command Token...). Default: nothing."""
