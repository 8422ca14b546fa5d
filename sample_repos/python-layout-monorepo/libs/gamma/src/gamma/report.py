from beta import greet


def headline(name):
    return greet.greet(name)
