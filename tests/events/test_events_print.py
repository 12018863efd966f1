"""An event's printables (issue 41, docs/events.md "Printing the day"): a round's
pairings, its table slips and the standings, as a page the browser prints (A4 or US
Letter) and as a PDF rendered by the task worker (the real WeasyPrint in its bounded
child), read back as text."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from roster.events import operations, printing
from roster.events.models import Entry, Pairing
from roster.sheets.models import PackJob
from tests.events.test_events_web import accepted, new_event
from tests.web import pdf as pdfs
from tests.web.cast import client_for, make_user
from tests.web.test_sheet_queue import work


@pytest.fixture
def organiser(db):
    return make_user("olga")


@pytest.fixture
def event(organiser):
    """Five accepted players (a bye each round), round 1 paired, two results in."""
    event = new_event(client_for(organiser))
    accepted(event, "annabel", "ben", "cat", "dan", "eve")
    operations.pair_round(event, random.Random(5))
    games = Pairing.objects.filter(b__isnull=False).order_by("table")
    operations.record(games[0], organiser, "a", 12, 7)
    operations.record(games[1], organiser, "draw", 5, 5)
    return event


def words(data: bytes) -> str:
    return pdfs.text(data)


def get_pdf(client, event, what, query=""):
    answer = client.get(reverse("event-print-pdf", args=[event.pk, what]) + query)
    assert answer.status_code == 200, answer.content.decode()[:500]
    assert answer["Content-Type"] == "application/pdf"
    return answer.content


def test_the_pairings_pdf_names_every_table_and_where_everyone_sits(event):
    data = get_pdf(client_for(None), event, "pairings")
    text = words(data)
    assert "Winter Cup" in text and "Pairings · round 1 of 3" in text
    for table in Pairing.objects.select_related("a", "b"):
        if table.b is None:
            assert f"{table.table} {table.a.name} {table.a.fingerprint} bye" in text
        else:
            a, b = f"{table.a.name} {table.a.fingerprint}", f"{table.b.name} {table.b.fingerprint}"
            assert f"{table.table} {a} against {b}" in text
    # "Find your table": every player by name, with their table.
    assert "Find your table" in text
    for table in Pairing.objects.filter(b__isnull=False).select_related("a", "b"):
        assert f"{table.a.name} table {table.table} · against {table.b.name}" in text
    width, height = pdfs.read(data).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (595, 842)  # A4


def test_the_table_slips_carry_both_lists_fingerprints_and_the_result_boxes(event, organiser):
    data = get_pdf(client_for(organiser), event, "slips", "?paper=letter")
    pages = [" ".join(t.split()) for t in pdfs.page_texts(data)]
    text = " ".join(pages)
    games = list(Pairing.objects.filter(b__isnull=False).select_related("a", "b").order_by("table"))
    assert len(games) == 2 and len(pages) == 1  # three slips to a sheet
    for table in games:
        assert f"round 1 Table {table.table}" in text
        for entry in (table.a, table.b):
            assert f"{entry.name} Northmen Raiding Party · fingerprint {entry.fingerprint} won" in text
    assert text.count("Signed") == 4 and text.count("ExP scored") == 4 and text.count("a draw") == 2
    bye = Pairing.objects.get(b__isnull=True)
    assert f"Table {bye.table}" not in text  # a bye needs no slip
    width, height = pdfs.read(data).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (612, 792)  # US Letter


def test_the_standings_pdf_follows_the_ranking(event):
    data = get_pdf(client_for(None), event, "standings")
    text = words(data)
    assert "Standings after round 1 of 3 · 3 of 3 results in" in text  # two games and the bye
    names = {e.pk: e for e in Entry.objects.all()}
    lines = operations.event_standings(event)
    at = [text.index(f"{line.rank}{'=' if line.tied else ''} {names[line.player].name} ") for line in lines]
    assert at == sorted(at)
    first = lines[0]
    assert (
        f"{first.rank} {names[first.player].name} Northmen Raiding Party {names[first.player].fingerprint}"
        in text
    )


def test_who_may_print_what(event, organiser):
    public, player = client_for(None), client_for(Entry.objects.first().player)
    for client in (public, player):
        assert client.get(reverse("event-print", args=[event.pk, "pairings"])).status_code == 200
        assert client.get(reverse("event-print", args=[event.pk, "standings"])).status_code == 200
        # The slips are the organiser's.
        assert client.get(reverse("event-print", args=[event.pk, "slips"])).status_code == 404
        assert client.get(reverse("event-print-pdf", args=[event.pk, "slips"])).status_code == 404
    client = client_for(organiser)
    assert client.get(reverse("event-print", args=[event.pk, "slips"])).status_code == 200
    assert client.get(reverse("event-print", args=[event.pk, "receipts"])).status_code == 404
    assert client.get(reverse("event-print", args=[event.pk, "pairings"]) + "?round=7").status_code == 404
    page = client.get(reverse("event-page", args=[event.pk])).content.decode()
    for what in ("pairings", "slips", "standings"):
        assert reverse("event-print", args=[event.pk, what]) in page
    # Before round 1 there are no pairings to print, and the standings print.
    empty = new_event(client)
    assert client.get(reverse("event-print", args=[empty.pk, "pairings"])).status_code == 404
    assert client.get(reverse("event-print", args=[empty.pk, "standings"])).status_code == 200


def test_the_page_prints_from_the_browser_on_either_paper(event, organiser):
    client = client_for(organiser)
    url = reverse("event-print", args=[event.pk, "slips"])
    a4 = client.get(url).content.decode()
    letter = client.get(url + "?paper=letter").content.decode()
    assert "css/paper-a4.css" in a4 and "css/paper-letter.css" in letter
    assert "css/event-print.css" in a4 and "<style" not in a4  # the CSP allows no inline style
    assert '<header class="site"' not in a4  # a sheet of paper, not the site
    for entry in Entry.objects.all():
        if (
            Pairing.objects.filter(b__isnull=False).filter(a=entry).exists()
            or Pairing.objects.filter(b=entry).exists()
        ):
            assert entry.fingerprint in a4
    # Its links to the PDF on both papers, not printed (@media print hides them).
    assert reverse("event-print-pdf", args=[event.pk, "slips"]) + "?round=1&amp;paper=letter" in a4
    from django.contrib.staticfiles import finders

    with open(finders.find("css/paper-letter.css")) as f:
        assert "size: letter" in f.read()
    with open(finders.find("css/event-print.css")) as f:
        assert "@media print { .print-bar { display: none; } }" in f.read()


def test_the_pdf_is_rendered_by_the_worker_once_and_follows_the_event(event, organiser, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    client = client_for(organiser)
    url = reverse("event-print-pdf", args=[event.pk, "pairings"])
    status = reverse("event-print-status", args=[event.pk, "pairings"])
    answer = client.get(url)
    assert answer.status_code == 202 and "being prepared" in answer.content.decode()
    client.get(url)  # asked twice: one job
    assert PackJob.objects.filter(kind=printing.KIND).count() == 1
    assert "being prepared" in client.get(status, HTTP_HX_REQUEST="true").content.decode()
    work()
    assert PackJob.objects.count() == 0
    assert "The PDF is ready" in client.get(status, HTTP_HX_REQUEST="true").content.decode()
    assert client.get(url)["Content-Type"] == "application/pdf"
    # A name changed on the pairings: a new page, a new PDF, never the old one.
    Entry.objects.filter(name="annabel").update(name="Annabel Lee")
    assert client.get(url).status_code == 202
    work()
    assert "Annabel Lee" in words(client.get(url).content)


def test_a_printable_past_the_render_limits_says_so_and_is_not_tried_again(event, monkeypatch):
    from roster.sheets.rendering import SheetTooSlow

    tried = []

    def too_slow(html, label):
        tried.append(label)
        raise SheetTooSlow("too slow")

    monkeypatch.setattr(printing, "render_bounded", too_slow)
    client = client_for(None)
    url = reverse("event-print-pdf", args=[event.pk, "standings"])
    answer = client.get(url)
    assert (
        answer.status_code == 503
        and "too long for one PDF: print the page from the browser" in answer.content.decode()
    )
    assert client.get(url).status_code == 503 and len(tried) == 1 and PackJob.objects.count() == 0
