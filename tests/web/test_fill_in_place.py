"""A gap of the rules data filled from a model's card, once for all of the player's rosters."""

from django.urls import reverse

from roster.rosters.evaluation import evaluate_roster
from roster.rosters.models import Roster
from roster.rosters.operations import save_revision
from roster.supplements.models import Supplement
from roster.supplements.pins import pinned_version
from tests.web.brutality_cast import brutality_post, reavers

RANGED = {
    "Move": "5",
    "FS": "3",
    "Dex": "4",
    "HP": "2",
    "Will": "3",
    "Atk": "1",
    "Save": "4",
    "Armed": "yes",
    "Powers": "0",
}


def ranged(roster, index=2):
    """Make model ``index`` a Basic Ranged without traits, then the form with its line typed."""
    roster.document["models"][index] = {"name": "Shooter", "class": "Ranged"}
    save_revision(roster, roster.document, "test", roster.revision)
    roster.refresh_from_db()
    return brutality_post(roster, index, **{f"supplied__{k}": v for k, v in RANGED.items()})


def fill(client, roster, index, data):
    return client.post(reverse("model-fill", args=[roster.pk, index]), data, HTTP_HX_REQUEST="true")


def test_filling_a_line_writes_the_players_supplement_and_uses_it_at_once(alice, alice_client):
    warband = reavers(alice)
    response = fill(alice_client, warband, 2, ranged(warband))
    assert response.status_code == 200
    supplement = Supplement.objects.get(owner=alice)
    assert supplement.name == "My Brutality Skirmish Wargame book"
    assert supplement.latest.data["values"]["classes"]["Ranged"] == {
        "Move": 5,
        "FS": 3,
        "Dex": 4,
        "HP": 2,
        "Will": 3,
        "Atk": 1,
        "Save": 4,
        "Armed": True,
        "Powers": 0,
    }
    warband.refresh_from_db()
    assert "supplied" not in warband.document["models"][2]
    assert pinned_version(warband) == supplement.latest
    report = evaluate_roster(warband).report
    assert "brutality.stats.unknown" not in {i.code for i in report.issues}
    html = response.content.decode()
    assert "Saved to your supplement My Brutality Skirmish Wargame book (version 1)" in html
    assert "from supplement My Brutality Skirmish Wargame book" in html


def test_the_players_other_rosters_on_that_supplement_move_on_and_new_ones_use_it(alice, alice_client):
    first, second = reavers(alice), reavers(alice)
    fill(alice_client, first, 2, ranged(first))
    v1 = Supplement.objects.get(owner=alice).latest
    from roster.rosters.operations import pin_supplement

    pin_supplement(second, v1)
    upgrade = {"name": "Gunner", "class": "Ranged", "upgrade": "Pistolier"}
    first.refresh_from_db()
    first.document["models"][3] = upgrade
    save_revision(first, first.document, "test", first.revision)
    first.refresh_from_db()
    data = brutality_post(first, 3, supplied__Move="6")
    fill(alice_client, first, 3, data)
    v2 = Supplement.objects.get(owner=alice).latest
    assert v2.number == 2
    assert v2.data["values"]["upgrades"]["Pistolier"] == {"Move": 6}
    assert pinned_version(second) == v2
    alice_client.post(
        reverse("roster-new"),
        {"system": "brutality", "name": "Fresh", "mode": "moderate", "points_limit": "6"},
    )
    fresh = Roster.objects.get(name="Fresh")
    assert pinned_version(fresh) == v2


def test_a_strangers_roster_is_404(alice, bob_client):
    warband = reavers(alice)
    assert fill(bob_client, warband, 2, ranged(warband)).status_code == 404
    assert not Supplement.objects.exists()


def test_without_values_the_button_only_saves(alice, alice_client):
    warband = reavers(alice)
    data = brutality_post(warband, 1, name="Brakk the Wall")
    fill(alice_client, warband, 1, data)
    warband.refresh_from_db()
    assert warband.document["models"][1]["name"] == "Brakk the Wall"
    assert not Supplement.objects.exists()


def test_the_card_offers_the_button_under_the_asked_values(alice, alice_client):
    warband = reavers(alice)
    ranged(warband)
    html = alice_client.get(reverse("model-open", args=[warband.pk, 2])).content.decode()
    assert f'formaction="/rosters/{warband.pk}/models/2/fill/"' in html
    assert "every Ranged model of your rosters that use it gets them" in html


def test_a_beestwars_profiles_lost_value_is_filled_for_every_fighter_of_it(alice, alice_client):
    from tests.web.cast import clovis, fighter_post

    raiders = clovis(alice)  # three Satyrs, whose Defense the transcription lost
    response = fill(alice_client, raiders, 3, fighter_post(raiders, 3, supplied_defense="-1"))
    assert response.status_code == 200
    assert Supplement.objects.get(owner=alice).latest.data["values"]["profiles"] == {"satyr": {"defense": -1}}
    raiders.refresh_from_db()
    report = evaluate_roster(raiders).report
    satyrs = [m for m in report.models if m.derived["profile"] == "Satyr"]
    assert len(satyrs) == 3
    for satyr in satyrs:
        assert satyr.derived["supplement"] is not None
    html = alice_client.get(reverse("model-open", args=[raiders.pk, 4])).content.decode()
    assert 'name="supplied_defense"' not in html  # Orrin, another Satyr, is asked no more
