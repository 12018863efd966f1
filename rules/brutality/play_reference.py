"""Brutality's rules of play explained on the table (issue 40): what the game's mission
and region do (:func:`setup_rules`), and the book's rules of play that are not one of the
table's declared statuses, tokens or actions (:data:`REFERENCE`), for "The rules on this
table". Summaries in our own words; the book prints no page numbers, so each cites its
section. Missions 6-10 are not in the transcription: said so."""

from __future__ import annotations

from typing import Any

from rules.play.core import Rule

MISSIONS_SECTION = "Missions"
REGIONS_SECTION = "Region Effects"

#: What each mission does at the table, by its name (Missions).
MISSION_RULES: dict[str, str] = {
    "Basic Scenario": "Two even warbands; five objectives down the middle. 1 Victory Point a kill "
    "(a Leader 2) and 1 each time an objective is prayed at or looted. The side that finished "
    "deploying first may take the first activation of Turn 1.",
    "Base Assault": "The Attacker robs the Defender's base: five Scavenge Points on the Defender's "
    "line. Kill points and objectives count. Looting rolls use the mission's own table: 1 "
    "Sabotaged (1 Hit Point, no Save, Confused), 2-9 loot (2 Victory Points to an Attacker's "
    "model, 1 to a Defender's), 10 Bear Trap (1 Hit Point, no Save, Paused). The Defender's "
    "dead come back at the next Game Turn at their spawn point, healed and Confused.",
    "Behemoth Encounter": "The players team up against a Behemoth (warbands of exactly 10 "
    "points). It activates first each Game Turn and is never Disarmed, Knocked Down, Paused or "
    "Confused. 1 Victory Point for each Hit Point taken off it; its death wins the game for "
    "the players.",
    "Taking Captives": "No kill points and no objectives. A model at 0 Hit Points is "
    "Unconscious, not killed, and cannot be healed or targeted by Powers; it can be carried. "
    "At the end: 1 Victory Point for each enemy knocked out, 2 for each carried, 3 for each "
    "taken off the board.",
    "Grab It!": "No kill points. One objective in the centre, not to be interacted with. At "
    "the end each player scores 1 Victory Point for each Hit Point left on their models "
    'within 6" of it.',
    "I Smell A Rat": "A roll-off: the lower roller is the Victim, the higher the Infiltrator "
    "(2 points, or 2 models, fewer). At the start of Turn 2 one of the Victim's models, dead "
    "ones included, is rolled at random: it turns traitor, joins the Infiltrator, and the "
    "Infiltrator activates it first.",
}

#: What each region's 1 and 10 do when a model prays or scavenges (Region Effects).
REGION_RULES: dict[str, str] = {
    "City/Town Ruins": "On a 1 the active model is stuck in rubble: a Pause token. On a 10 a "
    "random building falls the way the die points: those inside take 3 Crushing Wound Chart "
    "rolls (Saves allowed), those under it are removed with no Save.",
    "Twilight Fields": 'On a 1 spirits deal 1 damage, no Save, to every model within 6" of the '
    'objective, which cannot be used again. On a 10 the MidKnights sweep D10" across the '
    "board from the current player's right (again at each Game Turn's end and each 10): a "
    "model they cross that is not hiding is removed.",
    "Psycho-Tropics": "On a 1 the active model gets a Confused token. On a 10 a wind: each model "
    "on a D10 of 8-10 is Disarmed and has -2 Fighting Skill and Dexterity until the Game "
    "Turn ends.",
}

REGION_ROLL = (
    "Each time a model prays or scavenges at an objective it rolls a D10: a 1 or a 10 scores "
    "nothing and sets off the region's effect."
)


def setup_rules(public: dict[str, Any]) -> list[Rule]:
    """The mission's and the region's rules for a game whose public state is ``public``
    (``mission``, ``region``): Rules named "Mission: <name>" and "Region: <name>". A
    mission the transcription does not give (6-10) says so."""
    out: list[Rule] = []
    mission = str(public.get("mission") or "Basic Scenario")
    text = MISSION_RULES.get(
        mission,
        "Not in the transcription Muster has: played with the Basic Scenario's scoring; the "
        "players apply the book's own rules.",
    )
    out.append(Rule(name=f"Mission: {mission}", summary=text, section=MISSIONS_SECTION))
    region = public.get("region")
    if isinstance(region, str) and region:
        text = REGION_RULES.get(region, "Not in the transcription Muster has.")
        out.append(Rule(name=f"Region: {region}", summary=f"{REGION_ROLL} {text}", section=REGIONS_SECTION))
    return out


#: The book's rules of play besides the table's statuses, tokens and actions.
REFERENCE: list[Rule] = [
    Rule(
        name="Game Turns and activations",
        summary="The players take turns activating one model each until every model has "
        "activated; a model activates once a Game Turn.",
        section="Activation Phases",
    ),
    Rule(
        name="First activation each turn",
        summary="The side that has lost more models may choose to activate first; a tie is rolled off.",
        section="First Activation Each Turn",
    ),
    Rule(
        name="One Combat Phase action",
        summary="A model takes one Combat Phase action in its activation; a second needs a "
        "Free Action, never the same action twice.",
        section="Activation Phases",
    ),
    Rule(
        name="Kill Points",
        summary="1 Victory Point for each enemy killed, 2 for a Leader, none for a Summoned "
        "model; some missions do not count them.",
        section="Kill Points",
    ),
    Rule(
        name="Objectives",
        summary="A model prays at an Altar or loots a Scavenging Point as its Interact action: "
        "1 Victory Point each time (the region's D10 may say otherwise).",
        section="Scoring Points",
    ),
    Rule(
        name="Stat minimums and maximums",
        summary="No stat drops below 1 (Hit Points aside) or rises above 8 (Movement aside).",
        section="Stat Minimums & Maximums",
    ),
    Rule(
        name="Sturdy",
        summary="Wound Chart results 1-4 do nothing to the model.",
        section="Model Abilities",
    ),
    Rule(
        name="Powers' tokens",
        summary="A Power's effect lasts until its user's next activation or death; Curse goes "
        "on an enemy, Aura, Protect and Time Slip on an ally.",
        section="Powers",
    ),
    Rule(
        name="Summoned models",
        summary="The summoner pays 1 Hit Point that cannot be healed; the Summoned model has 1 "
        "Hit Point (2 on a Critical Success), a Save never below 4, gives no kill points and "
        "goes when its summoner dies.",
        section="Powers",
    ),
    Rule(
        name="Region effects",
        summary=REGION_ROLL,
        section=REGIONS_SECTION,
    ),
]
