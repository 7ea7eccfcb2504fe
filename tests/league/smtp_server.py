"""A real SMTP server for the notices' tests: aiosmtpd on a free port of
127.0.0.1, keeping each message it receives, parsed. It can be stopped and
started again on the same port, as a mail server going down and back;
it can refuse a mailbox, or keep a sender waiting."""
import asyncio
import email
import socket
import threading
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller


class Collecting:
    """Keeps what it is sent. It refuses the addresses in `refused` as a
    server refuses a mailbox it does not have, and, while `holding` is
    set, keeps each sender waiting after its message (as a slow server)
    until `release` is called."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.refused: set[str] = set()
        self.holding = False
        self.held = threading.Event()
        self._released = threading.Event()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address in self.refused:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.holding:
            self.held.set()
            await asyncio.get_running_loop().run_in_executor(None, self._released.wait)
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def release(self) -> None:
        self._released.set()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class MailServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.handler = Collecting()
        self.controller: Controller | None = None

    @property
    def messages(self) -> list[Message]:
        return self.handler.messages

    def start(self) -> None:
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def to(self, address: str) -> list[Message]:
        return [message for message in self.messages if message["To"] == address]


def body_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(message.get_content_charset() or "utf-8")
