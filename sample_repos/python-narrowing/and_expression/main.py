class Table:
    def rows(self):
        return ["row"]


class Text:
    def rows(self):
        return []

    def words(self):
        return ["word"]


def has_rows(value):
    filled = isinstance(value, Table) and value.rows()
    return bool(filled)


def main():
    print(has_rows(Table()), has_rows(Text()))
    print(Text().words())


main()
