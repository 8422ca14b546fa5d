"""CSV export to standard output."""


def write_rows(rows):
    for row in rows:
        print(*row, sep=",")
