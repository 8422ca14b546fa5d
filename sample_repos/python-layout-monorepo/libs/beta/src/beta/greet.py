import alpha.text
from alpha import shout


def greet(name):
    return shout(name) + "!"


def quiet(name):
    return alpha.text.whisper(name)
