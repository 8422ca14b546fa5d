class Space:
    def width(self):
        return 1

    @property
    def style(self):
        raise RuntimeError("a space has no style")


class Word:
    def __init__(self, text):
        self.text = text

    def width(self):
        return len(self.text)

    @property
    def style(self):
        return "bold"


def plain(token):
    if isinstance(token, Space) or token.style == "plain":
        return token.width()
    return 0


def styled(token):
    if not (isinstance(token, Space) or token.width() == 0):
        return token.style
    return ""


def main():
    print(plain(Space()), plain(Word("hi")), styled(Space()), styled(Word("hi")))


main()
