class Console:
    def write(self, text):
        print(text)


class Printer:
    def emit(self, sink):
        sink.write("report")


class LoudPrinter(Printer):
    def write(self, text):
        print(text.upper())

    def emit_twice(self, sink):
        Printer.emit(self, sink)
        Printer.emit(self, sink=sink)


def main():
    Printer().emit(Console())
    LoudPrinter().emit_twice(Console())


main()
