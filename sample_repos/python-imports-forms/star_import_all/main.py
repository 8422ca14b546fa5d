"""main's own shorten is defined first; the star import does not replace it."""


def shorten(text, width):
    print("main.shorten", width)
    return text


from textutils import *  # noqa: E402,F403

print(slugify("Hello World"), shorten("Hello World", 5))
