"""A roster started from a book's example shows the book's totals and why Muster's differ,
in the editor and on the sheet's first page."""

from django.urls import reverse

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import Roster
from roster.sheets.content import SheetInfo, render_pdf, sheet_html
from tests.web import pdf as pdfs

LANTERN = "iron-and-honor-lantern-adventuring-co"


def start(client, slug):
    response = client.post(reverse("roster-from-example", args=[slug]))
    return Roster.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def words(html: str) -> str:
    return " ".join(html.replace("&#x27;", "'").split())


def test_the_roster_remembers_its_example(alice_client):
    roster = start(alice_client, LANTERN)
    assert roster.document["example"] == LANTERN


def test_the_editor_shows_the_books_total_and_each_difference_with_its_page(alice_client):
    roster = start(alice_client, LANTERN)
    html = words(alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode())
    assert "The book's example: Iron &amp; Honor pp.15-18" in html
    assert (
        "Total: the book prints <strong>123</strong> ExP (p.18); Muster counts <strong>126</strong> ExP."
        in html
    )
    assert (
        "Fate Pool: the book prints <strong>6</strong> Fate (p.18); "
        "Muster counts <strong>6</strong> Fate, the same." in html
    )
    assert "<strong>+2 ExP</strong>: Morgain's traits: the worked example says 13 ExP" in html
    assert "<strong>−1 ExP</strong>: The party page prints 123 ExP" in html
    assert "the skill table on p.21 says 3, which Muster charges" in html


def test_the_ghrim_company_explains_its_fate_pool(alice_client):
    roster = start(alice_client, "iron-and-honor-ghrim-company")
    html = words(alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode())
    assert "the book prints <strong>190</strong> ExP (p.42); Muster counts <strong>192</strong> ExP" in html
    assert "<strong>+1 Fate</strong>: Fate from followers" in html


def test_a_changed_roster_says_the_books_totals_no_longer_apply(alice_client):
    roster = start(alice_client, LANTERN)
    alice_client.post(
        reverse("model-remove", args=[roster.pk, 4]), {"revision": Roster.objects.get(pk=roster.pk).revision}
    )
    html = words(alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode())
    assert "changed since, so the book's totals no longer apply" in html


def test_a_warband_the_book_does_not_print_says_so(alice_client):
    roster = start(alice_client, "beestwars-clovis-300")
    html = words(alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode())
    assert "Muster's own example, not a warband from the book" in html


def test_a_roster_from_scratch_shows_no_book_example(roster, alice_client):
    html = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert "book-example" not in html


def test_the_sheets_first_page_explains_the_books_total(alice_client):
    roster = start(alice_client, LANTERN)
    pdf = render_pdf(sheet_html(evaluate_stored(roster.document), SheetInfo(owner="alice")))
    first = " ".join(pdfs.page_texts(pdf)[0].split())
    assert "the book prints 123 ExP (p.18); Muster counts 126 ExP" in first
    assert "+1 ExP: Brother Rupert's broadsword (2H Edged)" in first
