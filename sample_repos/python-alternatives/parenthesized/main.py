class Inline:
    def render(self):
        return "inline"


class Block:
    def render(self):
        return "block"


def make(nested):
    maker = (
        Inline
        if nested
        else Block
    )
    return maker()


def pick(flag):
    chosen = ((Inline() if flag else None) or Block())
    return chosen


def show():
    make(True).render()
    pick(False).render()


show()
