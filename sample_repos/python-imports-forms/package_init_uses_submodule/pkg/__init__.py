from . import helpers
from pkg import tools


def run():
    return helpers.assist()


def report():
    return tools.describe()
