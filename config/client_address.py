"""Which address a request came from, for counting failed logins.

Behind the compose file's nginx every request reaches gunicorn from the
proxy, so REMOTE_ADDR alone would put every client under one count. Only a
proxy named in TRUSTED_PROXIES is believed about who it forwards for:
X-Forwarded-For is read from the right, past the trusted proxies' own
entries, and the first address no trusted proxy owns is the client. What a
client writes into the header itself sits to the left of that and is never
reached, so it cannot pick an address to count against.
"""
import ipaddress
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(entries: Iterable[str]) -> list[Network]:
    """TRUSTED_PROXIES' addresses and CIDR blocks; a bad entry is an error
    at start-up, not a proxy silently untrusted."""
    networks = []
    for entry in filter(None, (entry.strip() for entry in entries)):
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ImproperlyConfigured(f"TRUSTED_PROXIES: {entry!r} is not an address or a CIDR block") from None
    return networks


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(text: str, networks: list[Network]) -> bool:
    address = _address(text)
    return address is not None and any(address in network for network in networks)


def client_address(request: HttpRequest) -> str | None:
    """The client's address (django-axes' AXES_CLIENT_IP_CALLABLE)."""
    remote: str | None = request.META.get("REMOTE_ADDR")
    networks: list[Network] = settings.TRUSTED_PROXIES
    if not remote or not _trusted(remote, networks):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if _trusted(hop, networks):
            continue
        # Garbage where an address should be: count it against the proxy
        # rather than under a name the sender chose.
        return hop if _address(hop) is not None else remote
    return remote
