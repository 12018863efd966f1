"""Logs and metrics an admin can use (issue 39, docs/operations.md): one access line per
request with the route's template, status, time, user and request id; JSON lines when
asked; Prometheus metrics for a scraper on this machine only; no mail (and no reset key)
printed when there is no SMTP server."""

from __future__ import annotations

import json
import logging

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client

from roster.core.mail import UnsentMailBackend
from tests.web.cast import client_for, make_user


@pytest.mark.django_db
def test_one_access_line_per_request_with_the_route_not_the_ids(caplog):
    user = make_user("ann")
    client = client_for(user)
    with caplog.at_level(logging.INFO, logger="muster.access"):
        answer = client.get("/rosters/987654/", HTTP_X_REQUEST_ID="proxy-given-1")
    lines = [r for r in caplog.records if r.name == "muster.access"]
    assert len(lines) == 1
    record = lines[0]
    assert record.route == "/rosters/<int:pk>/" and "987654" not in record.getMessage()
    assert record.status == answer.status_code == 404
    assert record.user == str(user.pk) and record.request_id == "proxy-given-1"
    assert answer["X-Request-ID"] == "proxy-given-1"
    assert record.ms >= 0


@pytest.mark.django_db
def test_a_request_id_that_is_not_sane_is_replaced():
    answer = Client().get("/healthz", HTTP_X_REQUEST_ID="x" * 65 + "\n")
    assert len(answer["X-Request-ID"]) == 16 and answer["X-Request-ID"].isalnum()


def test_json_lines_carry_time_and_level():
    from pythonjsonlogger.json import JsonFormatter

    options = dict(django_settings.LOGGING["formatters"]["json"])
    options.pop("()")
    formatter = JsonFormatter(**options)
    record = logging.LogRecord("muster.sheets", logging.ERROR, __file__, 1, "worker %s", ("lost",), None)
    line = json.loads(formatter.format(record))
    assert line["level"] == "ERROR" and line["logger"] == "muster.sheets"
    assert line["message"] == "worker lost" and line["time"]


@pytest.mark.django_db
def test_metrics_for_a_scraper_on_this_machine_or_with_the_token(settings):
    Client().get("/healthz")
    local = Client(REMOTE_ADDR="127.0.0.1")
    answer = local.get("/metrics")
    assert answer.status_code == 200
    assert b"django_http_requests_total_by_view_transport_method" in answer.content
    assert local.get("/metrics", HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 404
    outside = Client(REMOTE_ADDR="198.51.100.7")
    assert outside.get("/metrics").status_code == 404
    settings.METRICS_TOKEN = "scrape-token-0123456789"
    assert outside.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    assert outside.get("/metrics", HTTP_AUTHORIZATION="Bearer scrape-token-0123456789").status_code == 200


def test_without_smtp_a_reset_mail_is_not_printed_nor_its_key_logged(caplog):
    message = mail.EmailMessage(
        "[Muster] Password reset", "https://muster.example/reset/key-abc123/", to=["a@b.c"]
    )
    with caplog.at_level(logging.WARNING, logger="muster.mail"):
        assert UnsentMailBackend().send_messages([message]) == 0
    assert "Password reset" in caplog.text
    assert "key-abc123" not in caplog.text and "a@b.c" not in caplog.text
