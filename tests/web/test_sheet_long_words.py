"""Every system's sheet with long words: an 80-letter one-word model name and a
94-letter item label stay inside their card and the page; no two words overprint;
pages after the first carry the roster name. Full and compact sheets, A4 and Letter."""

import copy

import pytest

from roster.rosters.evaluation import evaluate_stored
from roster.sheets.content import SheetInfo, render_pdf, sheet_html
from tests.ih import example
from tests.web import pdf as pdfs
from tests.web import sheet_layout as layout

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # dozens of PDFs

NAME = ("Hrafnkelsdottirvonstormgardenbreaker" * 3)[:80]
LABEL = ("Greatswordofthesevenburningmountains" * 3)[:94]
ROSTER = ("Thewarbandwhosenamenevercomestoanend" * 3)[:94]
assert (len(NAME), len(LABEL), len(ROSTER)) == (80, 94, 94)


def iron_and_honor():
    doc = example("iron-and-honor-northmen-raiding-party")
    doc["name"] = ROSTER
    hero = doc["models"][0]
    old = hero["name"]
    hero["name"] = NAME
    for m in doc["models"]:
        m["skills"] = [{**s, "label": LABEL} if isinstance(s, dict) else s for s in m["skills"]]
        m["traits"] = [
            {**t, "choice": NAME} if isinstance(t, dict) and t.get("choice") == old else t
            for t in m["traits"]
        ]
    doc["models"][1]["name"] = NAME[:79] + "B"
    return doc


def brutality():
    doc = example("brutality-moderate-points")
    doc["name"] = ROSTER
    for i, m in enumerate(doc["models"]):
        m["name"] = NAME[:79] + str(i)
    return doc


def beestwars():
    doc = example("beestwars-clovis-300")
    doc["name"] = ROSTER
    for i, m in enumerate(doc["models"][:6]):
        m["name"] = NAME[:79] + str(i)
    # A profile name no longer in the rules data is printed as typed: the 94-letter label.
    doc["models"].append({"profile": LABEL})
    return doc


DOCUMENTS = {"iron-and-honor": iron_and_honor, "brutality": brutality, "beestwars": beestwars}
# The page margin is 9 mm at the sides; words may not come closer to the edge than this.
SIDE_MM = 8.5


def render(doc, paper="a4", compact=False):
    evaluation = evaluate_stored(copy.deepcopy(doc))
    return render_pdf(sheet_html(evaluation, SheetInfo(owner="alice", paper=paper, compact=compact)))


@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system", sorted(DOCUMENTS))
def test_long_words_stay_inside_the_page_and_never_overprint(system, paper, compact):
    pdf = render(DOCUMENTS[system](), paper, compact)
    assert layout.outside(pdf, SIDE_MM) == []
    assert layout.overlapping(pdf) == []


@pytest.mark.parametrize("system", ["iron-and-honor", "brutality"])
def test_long_words_stay_inside_their_card(system):
    """Cards stand in two columns 2.5 mm apart (A4: 9 + 94.5 mm, then the gap): below
    the summary, no word may run across that gap into the neighbouring card."""
    pdf = render(DOCUMENTS[system]())

    def cards(page, height, words):
        """From below the summary (page 1) or the top margin, down to the bottom margin."""
        if any(w.text == "Chart" for w in words):  # Brutality's reference page: no cards
            return None
        meta = [w.bottom for w in words if w.text == "Fingerprint"]
        top = meta[0] if page == 1 and meta else 10 * layout.MM
        return top, height - 11 * layout.MM

    gap_from, gap_to = (9 + 94.5) * layout.MM, (9 + 94.5 + 2.5) * layout.MM
    assert layout.crossing(pdf, gap_from, gap_to, cards) == []


@pytest.mark.parametrize("system", sorted(DOCUMENTS))
def test_the_long_names_are_all_printed(system):
    doc = DOCUMENTS[system]()
    squeezed = pdfs.text(render(doc)).replace(" ", "").replace("-", "")
    assert ROSTER in squeezed
    assert NAME[:79] in squeezed
    if system == "iron-and-honor":
        assert LABEL in squeezed


def test_the_beestwars_table_keeps_points_and_stunned_on_the_page():
    """The Fighter column keeps its width: the whole table, Points and Stunned included,
    stays on the first page, inside its right margin."""
    first = pdfs.page_texts(render(beestwars()))[0]
    assert "Pts Stunned" in first
    for cost in ("48", "34", "37", "20", "32", "28", "18"):
        assert f"{cost}\n" in first or f" {cost} " in first


@pytest.mark.parametrize("system", sorted(DOCUMENTS))
def test_pages_after_the_first_carry_the_roster_name(system):
    doc = DOCUMENTS[system]()
    doc["name"] = "Stone Hoof's long campaign"
    doc["models"] = doc["models"] * 3 if system != "brutality" else doc["models"]
    top = 10 * layout.MM  # the top page margin
    pages = layout.pages(render(doc))
    assert len(pages) >= 2
    heads = [" ".join(w.text for w in words if w.bottom <= top) for _, _, words in pages]
    assert heads[0] == ""  # the first page has the name as its title instead
    assert heads[1:] == ["Stone Hoof's long campaign"] * (len(pages) - 1)
