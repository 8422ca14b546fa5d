"""Colours looked up by name: an enum subscripted is one of its members."""
from enum import Enum


class Color(Enum):
    RED = 1
    BLUE = 2

    @property
    def label(self):
        return self.name

    def describe(self):
        return "colour " + self.label


def label_of(name):
    return Color[name].label


def first_label():
    return Color["RED"].label


print(label_of("BLUE"), first_label(), Color.BLUE.describe())
