"""Exporter.export calls self.header(); a subclass overrides header."""


class Exporter:
    def header(self):
        return "id,name"

    def export(self, rows):
        return [self.header()] + rows


class TsvExporter(Exporter):
    def header(self):
        return "id\tname"


def main():
    plain = Exporter()
    print(plain.export(["1,tea"]))
    print(TsvExporter().header())


main()
