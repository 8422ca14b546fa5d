class FileReader:
    def __init__(self, path):
        self.path = path

    def read(self):
        print("reading", self.path)
        return "one two three"


def word_total(reader):
    content = reader.read()
    return len(content)


print(word_total(FileReader("notes.txt")))
