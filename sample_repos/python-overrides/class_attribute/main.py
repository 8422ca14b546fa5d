class Frame:
    @classmethod
    def from_tb(cls, tb):
        return cls()


class ContextFrame(Frame):
    @classmethod
    def from_tb(cls, tb):
        return cls()


class ListBackend:
    def __init__(self):
        self.items = []


class TreeBackend:
    def __init__(self):
        self.items = {}


class Traceback:
    frame_type = Frame
    backend_type = ListBackend

    def __init__(self):
        self.backend = self.backend_type()

    @classmethod
    def from_traceback(cls, tb):
        frame = cls.frame_type.from_tb(tb)
        return cls(), frame


class ContextTraceback(Traceback):
    frame_type = ContextFrame
    backend_type = TreeBackend


class PlainTraceback(Traceback):
    """Keeps the base's class attributes: nothing more."""


def main():
    print(Traceback.from_traceback(None), ContextTraceback.from_traceback(None))
    print(PlainTraceback().backend.items)


main()
