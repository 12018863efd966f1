"""Brutality roster sheets: the effective stat line, Hit Point boxes, the Leader's Command
Token, traits, ability and Powers, the player's own values, and the Wound Chart page."""

import pytest

from roster.rosters.evaluation import evaluate_stored
from roster.sheets.content import SheetInfo, render_pdf, sheet_html
from tests.brutality import example, leader, model, roster, warband
from tests.web import pdf as pdfs

pytestmark = pytest.mark.django_db


def render(document, paper="a4"):
    return render_pdf(sheet_html(evaluate_stored(document), SheetInfo(owner="alice", paper=paper)))


def test_the_example_sheet_shows_every_model_and_the_totals():
    document = example("brutality-moderate-points")
    report = evaluate_stored(document).report
    pdf = render(document)
    text = pdfs.text(pdf)
    assert "4.5 / 5 points" in text
    assert "Leader: Mother Scald" in text
    assert 'Move FS Dex HP Will Atk Save 8" 7 6 3 5 1 3' in text  # Mother Scald, Berserker
    assert "Berserker (Melee) · Leader 1.5 pts" in text
    for m in report.models:
        assert m.name in text
        for trait in m.derived["traits"]:
            assert f"{trait['name']}: {trait['summary']}" in text
        assert f"{m.derived['ability']['name']}: {m.derived['ability']['summary']}" in text
    assert 'Power: Curse (6"): Gives the target enemy a Curse token' in text
    assert text.count("Command Token:") == 1


def test_hit_points_are_tick_boxes():
    html = sheet_html(evaluate_stored(warband()), SheetInfo(owner="alice"))
    card = html.split('<article class="model">')[1]
    assert card.count('<span class="box"></span>') == 3  # Melee Leader: 3 Hit Points


def test_the_wound_chart_is_on_a_reference_page_of_its_own():
    pages = pdfs.page_texts(render(example("brutality-moderate-points")))
    assert len(pages) == 2
    assert "Wound Chart D10" not in " ".join(pages[0].split())
    last = " ".join(pages[-1].split())
    assert last.startswith("Wound Chart D10 Piercing Crushing Burning 1 Nothing")
    assert "Face Gash: -1 Willpower" in last
    assert "7 not in our copy" in last
    assert "Status effects" in last


def test_the_players_own_values_are_marked_on_the_sheet():
    shooter = model("Ranged", "Shooter", supplied={"Move": 6, "FS": 4, "HP": 2, "Armed": True})
    document = roster([leader(), model("Melee"), model("Fast", "Fast 1"), shooter])
    text = pdfs.text(render(document))
    # FS: the player's 4, +1 from the +1 Fighting Skill trait; still marked as the player's.
    assert 'Basic Ranged 1 ptsShooter Move FS Dex HP Will Atk Save 6"* 5* ? 2* ? ? ?' in text
    assert (
        "the player's own values, not checked against the book: "
        'Movement: 6", Fighting Skill: 4, Hit Points: 2, Armed in Melee: yes'
    ) in text
    assert "Armed in Melee: yes*" in text


@pytest.mark.parametrize(("paper", "width"), [("a4", 595), ("letter", 612)])
def test_eight_models_fit_on_two_pages_plus_reference(paper, width):
    models = [leader("Melee", "Chief", upgrade="Berserker")]
    models += [
        model(
            "Melee" if i % 2 else "Fast",
            f"Model {i}",
            traits=['A Power (6" Range)', "+1 Save"],
            powers=["Healing"],
        )
        for i in range(7)
    ]
    pdf = render(roster(models), paper)
    pages = pdfs.page_texts(pdf)
    assert 2 <= len(pages) <= 3
    assert "Wound Chart" in pages[-1]
    assert round(float(pdfs.read(pdf).pages[0].mediabox.width)) == width


def test_a_points_free_game_shows_the_agreed_counts():
    document = warband(model_count=4, upgraded_count=0)
    text = pdfs.text(render(document))
    assert "4 points (points-free game: 4 models, 0 Upgraded agreed)" in text
