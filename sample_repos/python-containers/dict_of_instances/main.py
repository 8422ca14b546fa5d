"""Exporters registered by format name, as ready-made instances."""

import json


class CsvExporter:
    def export(self, rows):
        for row in rows:
            print(*row, sep=",")


class JsonExporter:
    def __init__(self, indent):
        self.indent = indent

    def export(self, rows):
        print(json.dumps(rows, indent=self.indent))


EXPORTERS = {"csv": CsvExporter(), "json": JsonExporter(2)}


def save_report(rows):
    EXPORTERS["csv"].export(rows)


save_report([(1, "a"), (2, "b")])
