"""Iron & Honor's rules of play explained on the table (issue 40): what the encounter
played does (:func:`setup_rules`), and the book's rules of play that are not one of the
table's declared statuses, tokens or actions (:data:`REFERENCE`), for "The rules on this
table". Summaries in our own words, with the book's pages (pp.46-49 for the
encounters)."""

from __future__ import annotations

from typing import Any

from rules.play.core import Rule

#: What each encounter does at the table: (page, summary).
ENCOUNTER_RULES: dict[str, tuple[int, str]] = {
    "Engagement": (
        47,
        "Destroy the other party. Six turns, and a seventh if a d6 rolled in turn 6's "
        "Maintenance Phase shows 4-6. Kills earn ExP: the hero 3, a companion 2, a follower 1; "
        "the most ExP wins, a tie is a draw.",
    ),
    "Landmark": (
        47,
        'A landmark (at most 3" across) in the centre. In each Maintenance Phase the side '
        'with more models within 6" of it controls it and earns 1 ExP. Six turns; the most ExP '
        "wins, a tie is a draw.",
    ),
    "Rescue": (
        47,
        "The roll-off's winner is the Kidnapper; a random follower of the Rescuer is the "
        "Prisoner, its die set aside, neutral and immune until rescued: a Rescuer's model in "
        'base contact with it in a Maintenance Phase, no enemy within 3". Rescued, its die goes '
        "back in the bag. Six turns; the victor (Rescuer if the Prisoner is rescued and alive at "
        "the end, else Kidnapper) gets 3 ExP (pp.47-48).",
    ),
    "Salvage": (
        49,
        "Four objective markers. At the end a marker is recovered by a side with a model in "
        'base contact and no enemy within 3"; each recovered marker rolls a d6: 1 is worth 1 '
        "ExP, 2-4 2 ExP, 5-6 3 ExP. Six turns; the most ExP wins, a tie is a draw.",
    ),
    "Scouting Run": (
        49,
        'The table in four 18" quarters. In each Maintenance Phase a side earns 1 ExP for '
        'each quarter where it has more models (wholly in it, 6" or more from the centre). Six '
        "turns; the most ExP wins.",
    ),
}


def setup_rules(public: dict[str, Any]) -> list[Rule]:
    """The encounter's rules for a game whose public state is ``public``
    (``encounter``): one Rule named "Encounter: <name>"."""
    encounter = str(public.get("encounter") or "Engagement")
    page, text = ENCOUNTER_RULES.get(encounter, (46, "Not in the transcription Muster has."))
    return [Rule(name=f"Encounter: {encounter}", summary=text, page=page)]


#: The book's rules of play besides the table's statuses, tokens and actions.
REFERENCE: list[Rule] = [
    Rule(
        name="The activation bag",
        summary="One die per model goes in a bag; a die drawn blind activates one of its owner's models.",
        page=6,
    ),
    Rule(
        name="Hero's Will",
        summary="The hero adds 1 to its activation roll.",
        page=11,
    ),
    Rule(
        name="Action points",
        summary="The activation roll (with its modifiers) gives the points: 0 or less none, "
        "1-2 one, 3-5 two, 6 or more three.",
        page=31,
    ),
    Rule(
        name="Move actions",
        summary="Walk 1 point; Run 1 point, -3 to resolution rolls that turn; Charge 2 points, "
        "ending in a free standard attack at +2; Disengage 2 points, ends the activation (the "
        "enemies in contact get free attacks, with no Fate); Sneak 2 points, Stealth until the "
        "model's next activation.",
        page=33,
    ),
    Rule(
        name="Combat actions",
        summary="Close combat attack, Shove and Ranged attack 1 point each; Furious attack and "
        "Aimed shot 2 points each.",
        page=34,
    ),
    Rule(
        name="One of each kind",
        summary="One move, one combat and one special action per activation; a Fast model may "
        "move twice and a Dual Wield model attack twice (p.24).",
        page=33,
    ),
    Rule(
        name="Sorcery",
        summary="A spell costs 1 action point, and up to 2 more to enhance it; a sorcerer casts "
        "as many as its points pay for.",
        page=39,
    ),
    Rule(
        name="Lumbering, Mounted, Large, Gargantuan",
        summary="A Lumbering model never Runs; Mounted, Large and Gargantuan models never Sneak.",
        page=25,
    ),
    Rule(
        name="Fate: Winds of Kismet",
        summary="2 Fate, when the opponent's die is drawn: it goes back in the bag and you "
        "take one of yours out instead; they may not answer it in kind that activation.",
        page=9,
    ),
    Rule(
        name="Fate: Greater Purpose and Cursed Hand",
        summary="1 Fate, on a die drawn and not yet rolled: +1 to your own model's activation "
        "roll, or -1 to the opponent's.",
        page=9,
    ),
    Rule(
        name="Fate: Inner Reserve and Hand of Fortune",
        summary="1 Fate, once a model has activated, either player once per activation: Inner "
        "Reserve adds 1d6 to a resolution roll (said before rolling), Hand of Fortune re-rolls "
        "one (the second result stands).",
        page=10,
    ),
    Rule(
        name="Traits that use Fate",
        summary="Drain (p.24), Healer (pp.25-26), Slayer (p.28) and Tough (p.29) spend 1 Fate "
        "to improve their roll.",
        page=24,
    ),
    Rule(
        name="Healer",
        summary="1 action point: another friendly model gets a Wound back on a d6 of 5-6 (3-6 with a Fate).",
        page=25,
    ),
    Rule(
        name="Tough",
        summary="On each wound a d6 of 6 (5-6 with a Fate) ignores it and Stuns the model instead.",
        page=29,
    ),
    Rule(
        name="Pet",
        summary="A follower attached to the hero or a companion: -2 to its activation roll "
        'while more than 6" away (Muster counts it once its master is killed).',
        page=27,
    ),
    Rule(
        name="Death of a Hero",
        summary="In the Maintenance Phase of the turn the hero fell, a d6: Despair (-1 to "
        "every friend's activation roll next turn) or Vengeance (+1 to their resolution rolls "
        "next turn).",
        page=12,
    ),
    Rule(
        name="Terror",
        summary='Enemies within 6" of a model causing Terror have -3 to resolution rolls and -1 '
        "to activation rolls (Fearless: -1 to resolution only), and may not charge it.",
        page=43,
    ),
]
