"""The Beestwars' rules of play explained on the table (issue 40): the book's rules of
play that are not one of the table's declared statuses, resources or actions
(:data:`REFERENCE`), for "The rules on this table". Summaries in our own words, with the
book's pages (pp.4-9)."""

from __future__ import annotations

from rules.play.core import Rule

#: The book's rules of play besides the table's statuses, resources and actions.
REFERENCE: list[Rule] = [
    Rule(
        name="The activation deck",
        summary="Nine cards, three each of 3, 4 and 5: the actions the active commander has "
        "this round. The opponent draws it unseen; after three actions the active commander "
        "asks whether there is a fourth, then a fifth; the card is shown when done.",
        page=4,
    ),
    Rule(
        name="Turns",
        summary="The commanders alternate; when the deck runs out it is shuffled again and a "
        "new turn begins.",
        page=5,
    ),
    Rule(
        name="A fighter's actions",
        summary="Up to two actions per fighter in a round, one of them a combat action, taken "
        "from the card's actions, not necessarily one after the other.",
        page=5,
    ),
    Rule(
        name="Movement actions",
        summary="Move (a ready fighter, its allowance); Sprint (double, never into contact, not "
        'with a second movement or a Charge; passing within 2" of an enemy gives it a free '
        "attack); Disengage (a Skill check, -1 per extra enemy; a failure gives a free attack).",
        page=5,
    ),
    Rule(
        name="Combat actions",
        summary="Attack (a Skill check, then Might against Toughness: equal stuns, double "
        "kills); Shieldbash (with a shield, +1 Skill, stuns only); Powerful Blow (two actions, "
        "+1 Skill and Might); Ranged Attack and Aimed Shot (two actions, no range penalty) with a "
        "ranged weapon; On Guard (a free attack on whoever charges or engages it).",
        page=6,
    ),
    Rule(
        name="Charge",
        summary="A ready fighter spends a Froth to move its full to double allowance into "
        "contact and attack at once.",
        page=6,
    ),
    Rule(
        name="Recovery",
        summary="A Stunned fighter spends an action and rolls 3d6: 3 recovers with a free "
        "action and the action not spent; 4-5 recovers, the action not spent; up to its Skill "
        "recovers; above it stays Stunned; 16-17 gives the enemy a Froth; 18 kills. A second "
        "try takes a second action.",
        page=6,
    ),
    Rule(
        name="Stunned twice",
        summary="A Stunned fighter that is Stunned again is killed.",
        page=6,
    ),
    Rule(
        name="Elite and Heroes",
        summary="An Elite fighter's successful recovery is not one of its two actions; every "
        "Hero is Elite and a Brawler, and ignores Scary (p.8).",
        page=7,
    ),
    Rule(
        name="Bodyguard and Cavalry",
        summary="Bodyguard: an action links the fighter to a friend in contact. Cavalry: two "
        "actions, an attack during a move.",
        page=7,
    ),
    Rule(
        name="The standard",
        summary="Within 2\" of its side's standard bearer a fighter has +1 Skill and recovers "
        "without a roll. A Stunned bearer keeps it; killed, it drops it, and an adjacent "
        "fighter may pick it up for an action. An enemy taking it gets 3 Froth from the side "
        "that lost it, given back if that side takes it again.",
        page=8,
    ),
    Rule(
        name="Wallop",
        summary="A Powerful Blow for one action and a point of Froth instead of a second action.",
        page=9,
    ),
    Rule(
        name="The first Active Commander",
        summary="After deployment each commander rolls a d6: the higher chooses who is active "
        "first; both take 5 Froth and the other commander draws the first card.",
        page=9,
    ),
]
