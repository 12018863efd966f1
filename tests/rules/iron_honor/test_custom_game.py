"""A custom game (its own ExP limit) keeps the party's shape: one hero, 0-2 companions,
at least one follower. Source: Iron & Honor pp.11, 14 (and p.15 for the one hero)."""

from tests.ih import codes, evaluate, model, roster


def custom(*models: dict) -> dict:
    return roster(list(models), "custom", exp_limit=400)


def issues(doc: dict) -> list[tuple[str, str]]:
    return [(i.code, i.source) for i in evaluate(doc).issues if i.severity == "error"]


def test_a_hero_two_companions_and_a_follower_is_legal():
    doc = custom(model("hero"), model("companion"), model("companion"), model("follower"))
    assert evaluate(doc).legal


def test_a_hero_and_one_follower_is_legal():
    assert evaluate(custom(model("hero"), model("follower"))).legal


def test_three_companions_and_no_follower_is_not_legal():
    doc = custom(model("hero"), model("companion"), model("companion"), model("companion"))
    assert issues(doc) == [
        ("iron-and-honor.companions.too-many", "Iron & Honor p.14"),
        ("iron-and-honor.followers.too-few", "Iron & Honor p.14"),
    ]


def test_the_messages_name_the_custom_game():
    doc = custom(model("hero"), model("companion"), model("companion"), model("companion"))
    messages = [i.message for i in evaluate(doc).errors]
    assert messages == [
        "3 companions; a Custom game allows at most 2.",
        "0 followers; a Custom game needs at least 1.",
    ]


def test_a_custom_game_still_needs_exactly_one_hero():
    assert "iron-and-honor.hero.missing" in codes(evaluate(custom(model("companion"), model("follower"))))
    two = custom(model("hero"), model("hero", name="Other"), model("follower"))
    assert "iron-and-honor.hero.too-many" in codes(evaluate(two))
