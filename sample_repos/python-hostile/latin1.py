# -*- coding: latin-1 -*-
"""Greetings, saved by an old editor in Latin-1: café."""
# Café crème ÿ
from tools import slugify


def greeting(name):
    return "Bonjour, " + name


def greeting_slug(name):
    return slugify(greeting(name))
