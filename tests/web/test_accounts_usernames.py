"""Usernames are unique ignoring case and Unicode compatibility forms, and look-alikes
of a name in use are refused, on the real database (docs/accounts.md)."""

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.urls import reverse

from roster.accounts.models import UsernameKey
from roster.accounts.usernames import fold, skeleton


def sign_up(client, username):
    return client.post(
        reverse("signup"),
        {"username": username, "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )


@pytest.mark.parametrize(
    ("taken", "other"),
    [
        ("alice", "Alice"),
        ("alice", "ALICE"),
        ("Élodie", "élodie"),  # beyond ASCII, where SQLite's NOCASE stops
        ("alice", "ａｌｉｃｅ"),  # full-width letters (NFKC)
        ("straße", "STRASSE"),  # full case folding
    ],
)
def test_the_same_name_in_another_case_or_form_is_taken(taken, other, anon_client, db):
    User.objects.create_user(taken, password="x-long-pass-phrase")
    response = sign_up(anon_client, other)
    assert response.status_code == 422
    assert "That username is taken." in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    "lookalike",
    [
        "alİce",  # dotted capital I
        "alıce",  # dotless i
        "аlice",  # Cyrillic а
        "a1ice",  # digit one for l
        "ɑlice",  # Latin alpha
    ],
)
def test_a_lookalike_of_a_name_in_use_is_refused(lookalike, anon_client, db):
    User.objects.create_user("alice", password="x-long-pass-phrase")
    response = sign_up(anon_client, lookalike)
    assert response.status_code == 422
    assert "looks too much like one already in use" in response.content.decode()
    assert not User.objects.filter(username=lookalike).exists()


def test_different_names_are_both_accepted(anon_client, db):
    User.objects.create_user("alice", password="x-long-pass-phrase")
    assert sign_up(anon_client, "alicia").status_code == 302
    assert sign_up(client_for_none(), "Ian").status_code == 302
    assert sign_up(client_for_none(), "lan").status_code == 302  # case-blind first: I and l stay apart


def client_for_none():
    from django.test import Client

    return Client()


def test_the_database_refuses_a_second_holder_whoever_writes(db):
    """Not only the sign-up form: create_user (scripts, createsuperuser) hits the constraint."""
    User.objects.create_user("élodie", password="x-long-pass-phrase")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("ÉLODIE", password="x-long-pass-phrase")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("é1odie", password="x-long-pass-phrase")
    assert User.objects.count() == 1


def test_renaming_a_user_moves_the_key(db):
    user = User.objects.create_user("alice", password="x-long-pass-phrase")
    user.username = "Alicia"
    user.save()
    assert UsernameKey.objects.get(user=user).folded == "alicia"
    User.objects.create_user("ALICE", password="x-long-pass-phrase")  # the old name is free again


def test_keys_fold_as_documented():
    assert fold("ＡＬＩＣＥ") == fold("alice") == "alice"
    assert skeleton("alİce") == skeleton("alıce") == skeleton("ALICE") == skeleton("аlice")
    assert skeleton("Ian") != skeleton("lan")
    assert skeleton("élodie") != skeleton("elodie")  # accents are not look-alikes here


@pytest.mark.parametrize(
    ("taken", "lookalike"),
    [
        ("alice", "ᴀʟɪᴄᴇ"),  # small capitals
        ("alice", "aʟice"),  # one small capital L
        ("bob", "Ьob"),  # Cyrillic capital soft sign
        ("bob", "b0b"),  # digit zero for o
        ("boss", "bo5s"),  # digit five for s
        ("mallory", "rnallory"),  # r and n read as m (issue 29)
        ("dave", "clave"),  # c and l read as d
        ("walter", "vvalter"),  # two v read as w
        ("alice", "al1ce"),  # digit one for i
        ("al1ce", "alice"),  # and the other way round
        ("bill", "bi11"),  # digit one for l
        ("steve", "st3v3"),  # digit three for e
    ],
)
def test_small_capitals_soft_signs_and_digits_for_letters_are_lookalikes(taken, lookalike, anon_client, db):
    User.objects.create_user(taken, password="x-long-pass-phrase")
    response = sign_up(anon_client, lookalike)
    assert response.status_code == 422
    page = response.content.decode()
    assert "looks too much like one already in use" in page
    assert 'id="id_username_error"' in page  # the reason at the field
    assert not User.objects.filter(username=lookalike).exists()


def test_a_name_mixing_scripts_is_refused_with_the_reason(anon_client, db):
    response = sign_up(anon_client, "Ьоb")  # Cyrillic soft sign and o, Latin b: no bob yet
    assert response.status_code == 422
    assert "mixes letters of Cyrillic and Latin" in response.content.decode()
    assert sign_up(client_for_none(), "Иван").status_code == 302  # one script
    assert sign_up(client_for_none(), "山田taro").status_code == 302  # Japanese mixes Latin and Han


def test_the_migration_gives_older_accounts_the_new_skeletons(db):
    from importlib import import_module

    from django.apps import apps

    older = User.objects.create_user("bob", password="x-long-pass-phrase")
    UsernameKey.objects.filter(user=older).update(skeleton="bob-old")
    younger = User.objects.create_user("b0b", password="x-long-pass-phrase")
    UsernameKey.objects.filter(user=younger).update(skeleton="b0b")  # as stored before
    import_module("roster.accounts.migrations.0003_lookalike_skeletons").recompute(apps, None)
    assert UsernameKey.objects.get(user=older).skeleton == skeleton("bob") == skeleton("b0b")
    assert not UsernameKey.objects.filter(user=younger).exists()  # keeps working, without a key


def test_the_migration_gives_older_accounts_the_pairs_and_the_alternate(db):
    from importlib import import_module

    from django.apps import apps

    from roster.accounts.usernames import alternate

    older = User.objects.create_user("mallory", password="x-long-pass-phrase")
    younger = User.objects.create_user("someone", password="x-long-pass-phrase")
    User.objects.filter(pk=younger.pk).update(username="rnallory")  # taken before issue 29
    UsernameKey.objects.filter(user=younger).update(skeleton="rnallory-old", alternate="")
    UsernameKey.objects.filter(user=older).update(alternate="")
    import_module("roster.accounts.migrations.0005_username_keys_again").recompute(apps, None)
    assert UsernameKey.objects.get(user=older).skeleton == skeleton("rnallory")
    assert UsernameKey.objects.get(user=older).alternate == alternate("mallory")
    assert not UsernameKey.objects.filter(user=younger).exists()  # keeps working, without a key
