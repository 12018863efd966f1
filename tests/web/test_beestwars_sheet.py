"""The Beestwars PDF sheet: profile table, abilities in short words, Froth and the activation deck."""

import pytest
from django.urls import reverse

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.operations import create_roster
from roster.sheets.content import SheetInfo, StaticOnlyFetcher, render_pdf, sheet_html
from tests.beestwars import example, roster
from tests.web import pdf as pdfs

pytestmark = pytest.mark.django_db


def render(document, paper="a4", fetcher=None):
    html = sheet_html(evaluate_stored(document), SheetInfo(owner="alice", paper=paper))
    return render_pdf(html, fetcher)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_example_fits_on_one_page_with_every_fighter_and_cost(paper):
    fetcher = StaticOnlyFetcher()
    pdf = render(example(), paper, fetcher)
    assert fetcher.refused == []
    assert len(pdfs.page_texts(pdf)) == 1
    text = pdfs.text(pdf)
    joined = text.replace("- ", "-")  # a long name may wrap after a hyphen
    for m in evaluate_stored(example()).report.models:
        assert f"{m.name} " in joined
    for cost in ("48", "34", "37", "20", "32", "28", "18"):
        assert f" {cost} " in text
    assert "257 / 300 points" in text
    assert "Heroes 3 of 3" in text
    assert "300-point game" in text
    assert "Legal" in text


def test_the_sheet_gives_abilities_in_short_words():
    text = pdfs.text(render(example()))
    assert "Wallop: May pay a point of Froth instead of the second action for a Powerful Blow." in text
    assert 'Standard: Friends within 2" get +1 Skill' in text


def test_the_sheet_reminds_of_froth_and_the_activation_deck():
    text = pdfs.text(render(example()))
    assert "Froth 5 to start" in text
    assert "starts the game with 5 Froth" in text
    assert "Kill an enemy Hero" in text
    assert "+2" in text
    assert "3 × 3 actions, 3 × 4 actions, 3 × 5 actions" in text


def test_unknown_values_are_question_marks_and_the_players_are_marked():
    doc = roster(
        300,
        {"profile": "Aari Keeneye", "supplied": {"points": 40, "toughness": 4}},
        "Goffa Four Hands and Warbeest",
    )
    text = pdfs.text(render(doc))
    assert "Aari Keeneye Hero 15 1d6 4* ? ? Bow" in text
    assert "40*" in text
    assert (
        "Goffa Four Hands and Warbeest Hero garbled in the transcription: see your book; "
        "Skill may be 15 (uncertain) ? 2d6 ? ? ? Spear "
        "Hero (with Brawler, Elite), Cavalry 55"
    ) in text
    assert "95 / 300 points" in text
    assert "* supplied by the player from their own book, not checked by Muster" in text
    assert "? unknown: lost in the transcription of the book, never guessed" in text


def test_the_owner_downloads_the_sheet(alice, alice_client):
    warband = create_roster(alice, example())
    response = alice_client.get(reverse("roster-sheet", args=[warband.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "Slewdaar Stone Hoof" in pdfs.text(response.content)
