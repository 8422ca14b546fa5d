class Item:
    def __init__(self, name):
        self.name = name

    def label(self):
        return self.name.title()
