class Printer:
    def __init__(self, name):
        self.name = name

    def print_page(self, page):
        print(self.name, page)


def print_book(pages):
    printer = Printer("office")
    emit = printer.print_page
    for page in pages:
        emit(page)


print_book(["cover", "intro", "chapter 1"])
