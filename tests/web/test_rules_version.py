"""Rules version in view: the editor's rule check names the rules data version and what
changed; the shared page tells "the roster changed" from "the rules data changed"."""

import html
import re

from django.urls import reverse

from roster.rosters.evaluation import evaluate_roster
from roster.rosters.models import IronHonorTrait, Roster
from roster.rosters.operations import refresh_digest, save_revision


def words(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", response.content.decode())).split())


def shared_url(client, roster):
    client.post(reverse("roster-share", args=[roster.pk]))
    return reverse("shared", args=[roster.share_links.get().token])


def test_the_rule_check_names_the_rules_data_version(roster, alice_client):
    digest = evaluate_roster(roster).digest
    page = words(alice_client.get(reverse("roster-edit", args=[roster.pk])))
    assert f"Rules data: Iron & Honor, version {digest[:12]}." in page


def test_the_rule_check_says_what_changed_since_the_roster_was_saved(roster, alice_client):
    IronHonorTrait.objects.filter(slug="ranger").update(cost=4)
    refresh_digest("iron-and-honor")
    html = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    rule_check = html[html.index('id="issues"') :]
    assert "Changed since this roster was saved:" in rule_check
    assert "Ranger: cost 3 -&gt; 4." in rule_check


def test_a_sheet_from_before_a_rules_data_change_is_the_same_roster(roster, alice_client, anon_client):
    url = shared_url(alice_client, roster)
    printed = evaluate_roster(roster).fingerprint
    IronHonorTrait.objects.filter(slug="ranger").update(cost=4)
    refresh_digest("iron-and-honor")
    now = evaluate_roster(Roster.objects.get(pk=roster.pk)).fingerprint
    assert now != printed
    page = words(anon_client.get(url, {"sheet": printed.upper()}))
    assert "The rules data changed, not the roster:" in page
    assert "Ranger: cost 3 -> 4." in page
    assert "The roster changed" not in page


def test_a_sheet_of_an_earlier_roster_says_the_roster_changed(roster, alice_client, anon_client):
    url = shared_url(alice_client, roster)
    printed = evaluate_roster(roster).fingerprint
    document = dict(roster.document, name="Renamed raiders")
    save_revision(roster, document, "Renamed", roster.revision)
    page = words(anon_client.get(url, {"sheet": printed}))
    assert "The roster changed since the sheet was printed: the sheet shows version 1" in page
    assert "The rules data changed" not in page


def test_the_same_fingerprint_and_an_unknown_one(roster, alice_client, anon_client):
    url = shared_url(alice_client, roster)
    same = words(anon_client.get(url, {"sheet": evaluate_roster(roster).fingerprint}))
    assert "Same roster, same rules data" in same
    assert "Not a version of this roster Muster knows" in words(
        anon_client.get(url, {"sheet": "0123456789ab"})
    )
    assert "A fingerprint is 12 letters and digits" in words(anon_client.get(url, {"sheet": "<script>"}))
