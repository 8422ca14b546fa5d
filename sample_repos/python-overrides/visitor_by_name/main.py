from printer import Handler, Printer
from visitor import Add, Num


def main():
    print(Printer().render(Add(Num(1), Num(2))))
    print(Handler().handle("start"))


main()
