class CsvExporter:
    def __init__(self):
        self.rows = []

    def export(self):
        print("exporting", len(self.rows), "rows")


def exporter_class():
    return CsvExporter


exporter = exporter_class()()
exporter.export()
