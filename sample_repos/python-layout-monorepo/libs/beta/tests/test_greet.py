from beta.greet import greet, quiet


def test_greet():
    assert greet("ada") == "ADA!"


def test_quiet():
    assert quiet("ADA") == "ada"
