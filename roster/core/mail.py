"""Mail without an SMTP server (EMAIL_HOST unset, DEBUG off): nothing is sent and nothing
secret is logged (issue 39: password-reset links, with their key, were printed into the
server's log by Django's console backend). One warning line per mail: its subject only."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.core.mail.backends.base import BaseEmailBackend

logger = logging.getLogger("muster.mail")


class UnsentMailBackend(BaseEmailBackend):
    """Drops every message, logging that it was not sent (subject, no body, no address)."""

    def send_messages(self, email_messages: Sequence[Any]) -> int:
        for message in email_messages:
            logger.warning("mail not sent (no EMAIL_HOST set): %s", message.subject)
        return 0
