class Reader:
    def read(self):
        return "payload"


class Writer:
    def write(self, text):
        print("wrote", text)


def open_channel():
    return Reader(), Writer()


def copy():
    source, sink = open_channel()
    sink.write(source.read())


copy()
