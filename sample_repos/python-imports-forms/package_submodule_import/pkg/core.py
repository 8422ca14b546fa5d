from . import helpers


def run():
    return helpers.assist()
