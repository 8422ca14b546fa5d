class Document:
    def __init__(self, text):
        self.text = text

    def write(self, path):
        with open(path, "w") as out:
            out.write(self.text)

    def summarize(self):
        return self.text[:10]


def save(fp, text):
    """A library function: nothing here says what `fp` is."""
    fp.write(text)
    fp.close()


def digest(report):
    """Nor what `report` is."""
    return report.summarize()
