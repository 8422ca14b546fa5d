"""Servers checked when built: a dataclass's generated __init__ calls __post_init__."""
from dataclasses import dataclass


def check_port(port):
    if not 0 < port < 65536:
        raise ValueError(port)


@dataclass
class Server:
    host: str
    port: int = 8080

    def __post_init__(self):
        check_port(self.port)


@dataclass(frozen=True)
class Secure(Server):
    cert: str = ""


class Plain:
    def __init__(self, name):
        self.name = name

    def __post_init__(self):
        return self.name


def build():
    return Server("localhost"), Secure("example.org", 443, "c.pem"), Plain("x")


print(build())
