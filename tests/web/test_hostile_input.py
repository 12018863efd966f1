"""Hostile strings in every free-text field: refused with a message, or stored and shown
as inert text in the HTML and the PDF, which never fetches anything."""

import copy
import re
import unicodedata

import pytest
from django.urls import reverse
from django.utils.html import escape

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from roster.sheets.content import SheetInfo, StaticOnlyFetcher, render_pdf, sheet_html
from rules.document import DocumentError, parse_document
from rules.schema import LABEL_MAX
from tests.ih import example
from tests.web import pdf as pdfs
from tests.web.cast import model_post

ACCEPTED = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<img src=http://127.0.0.1:9/x>",
    '"><svg onload=alert(1)>',
    "'><a href=javascript:alert(1)>x</a>",
    "</textarea><script>alert(2)</script>",
    "</title><script>alert(3)</script>",
    "{{ 7*7 }}",
    "{% debug %}",
    "${7*7}",
    "<style>body{background:url(http://127.0.0.1:9/css)}</style>",
    "<link rel=stylesheet href=file:///etc/passwd>",
    "url(http://127.0.0.1:9/x)",
    "@import 'http://127.0.0.1:9/a.css';",
    "javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "<iframe src=//127.0.0.1:9>",
    "&lt;script&gt;",
    "&#60;script&#62;",
    "Ragnar \u0130\u0131 \u00e9\u0301",
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
    "مرحبا بالعالم",
    "Åsa Ægir Łucja Þórr",
    "e\u0301 NFC",
    "\"quoted\" 'single' `back`",
    "../../../etc/passwd",
    "; DROP TABLE roster_roster; --",
    "<base href=http://127.0.0.1:9/>",
    "<meta http-equiv=refresh content=0;url=http://127.0.0.1:9>",
    "%3Cscript%3E",
]
REFUSED = [
    "nul\x00here",
    "line\nbreak",
    "tab\there",
    "\x1b[31mred",
    "A" * 100_000,
    "x" * 101,
    "\u202eevil\u202c",
    "Ragnar \u200fthe Bold",
    "zero\u200bwidth",
    "iso\u2066late\u2069",
    "c1\x85control",
    "al\u200dice",
    "soft\u00adhyphen",
    "bom\ufeff",
    "surrogate\ud800",
    "private\ue000use",
    "line\u2028separator",
    "za\u0301\u0302\u0303\u0304\u0305\u0306lgo",
]
# Skill labels and trait choices are shorter than names (rules.schema.LABEL_MAX).
SHORT = [s for s in ACCEPTED if len(s) <= LABEL_MAX]
# A lone surrogate can come in JSON ("\\ud800") but not in a UTF-8 form post.
REFUSED_IN_FORMS = [v for v in REFUSED if not any("\ud800" <= c <= "\udfff" for c in v)]
TAGS = (
    "<script",
    "<img",
    "<iframe",
    "<link",
    "<style",
    "<svg",
    "<base",
    "<meta http-equiv",
    "<a href=javascript",
)


def test_the_corpus_is_large_enough():
    assert len(ACCEPTED) + len(REFUSED) >= 30


def free_text_spread(document, offset):
    """Put corpus strings into every free-text field of a document: roster and model names,
    and for Iron & Honor skill labels and trait choices. Returns the strings used."""
    used = []
    doc = copy.deepcopy(document)
    doc["name"] = ACCEPTED[offset % len(ACCEPTED)]
    used.append(doc["name"])
    for j, model in enumerate(doc["models"]):
        name = ACCEPTED[(offset + j + 1) % len(ACCEPTED)]
        model["name"] = name
        used.append(name)
        for k, skill in enumerate(model.get("skills", [])):
            label = SHORT[(offset + j + k + 5) % len(SHORT)]
            model["skills"][k] = {
                "skill": skill if isinstance(skill, str) else skill["skill"],
                "label": label,
            }
            used.append(label)
        for k, trait in enumerate(model.get("traits", [])):
            if isinstance(trait, dict) and trait.get("choice"):
                model["traits"][k] = {**trait, "choice": SHORT[(offset + j + 9) % len(SHORT)]}
                used.append(model["traits"][k]["choice"])
    return doc, [unicodedata.normalize("NFC", s) for s in used]


def assert_inert(html, clean_html, strings):
    for s in strings:
        assert escape(s) in html, s
        # (unless s is how another string escapes: "&lt;script&gt;" in "<script>")
        if re.search(r"[<>\"'&]", s) and not any(s in escape(t) for t in strings):
            assert s not in html, s
    for tag in TAGS:
        assert html.count(tag) == clean_html.count(tag), tag


SYSTEM_EXAMPLES = [
    "iron-and-honor-northmen-raiding-party",
    "brutality-moderate-points",
    "beestwars-clovis-300",
]


def editor_pages(client, roster):
    """The editor page and the page of every model open in it, as one text."""
    urls = [reverse("roster-edit", args=[roster.pk])]
    urls += [reverse("model-open", args=[roster.pk, i]) for i in range(len(roster.document["models"]))]
    return "".join(client.get(url).content.decode() for url in urls)


@pytest.mark.slow  # every page and sheet of a roster full of hostile strings
@pytest.mark.parametrize("name", SYSTEM_EXAMPLES)
def test_accepted_strings_are_inert_in_pages_and_sheets(name, alice, alice_client, anon_client):
    clean = create_roster(alice, example(name))
    clean_link = ShareLink.objects.create(roster=clean)
    clean_editor = editor_pages(alice_client, clean)
    clean_shared = anon_client.get(reverse("shared", args=[clean_link.token])).content.decode()
    models = len(example(name)["models"])
    for offset in range(0, len(ACCEPTED), models + 1):
        document, used = free_text_spread(example(name), offset)
        roster = create_roster(alice, document)
        link = ShareLink.objects.create(roster=roster)
        editor = editor_pages(alice_client, roster)
        assert_inert(editor, clean_editor, used)
        shared = anon_client.get(reverse("shared", args=[link.token])).content.decode()
        assert_inert(shared, clean_shared, used)
        fetcher = StaticOnlyFetcher()
        html = sheet_html(evaluate_stored(roster.document), SheetInfo(owner="alice", share_url="http://t/"))
        assert_inert(
            html,
            sheet_html(evaluate_stored(clean.document), SheetInfo(owner="alice", share_url="http://t/")),
            used,
        )
        text = pdfs.text(render_pdf(html, fetcher)).replace(" ", "")
        assert fetcher.refused == []
        for s in used:
            if s.isascii() and s.isprintable():
                assert s.replace(" ", "") in text, s
    listing = alice_client.get(reverse("roster-list")).content.decode()
    plain_page = alice_client.get(reverse("roster-new")).content.decode()
    assert listing.count("<script") == plain_page.count("<script")


@pytest.mark.parametrize("value", REFUSED, ids=lambda v: repr(v[:12]))
@pytest.mark.parametrize("name", SYSTEM_EXAMPLES)
def test_refused_strings_name_the_field(name, value):
    document = example(name)
    document["models"][0]["name"] = value
    with pytest.raises(DocumentError) as info:
        parse_document(document)
    assert info.value.path == "$.models[0].name"
    assert info.value.message.startswith(("may not contain", "at most"))


@pytest.mark.parametrize("value", REFUSED_IN_FORMS, ids=lambda v: repr(v[:12]))
def test_refused_strings_through_the_editor_change_nothing(value, roster, alice_client):
    before = Roster.objects.get(pk=roster.pk)
    for field in ("name", "label"):
        data = model_post(before, 0)
        if field == "label":
            data["label"] = [value, ""]
        else:
            data["name"] = value
        response = alice_client.post(
            reverse("model-update", args=[roster.pk, 0]), data, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 422
        assert "field-error" in response.content.decode()
    if len(value) > 200 or not value.isprintable():  # a roster name may be 200 characters
        options = alice_client.post(
            reverse("roster-options", args=[roster.pk]),
            {"revision": before.revision, "name": value, "game_size": "medium"},
            HTTP_HX_REQUEST="true",
        )
        assert options.status_code == 422
        assert "field-error" in options.content.decode()
    after = Roster.objects.get(pk=roster.pk)
    assert (after.document, after.revision) == (before.document, before.revision)
