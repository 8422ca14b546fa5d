def load_csv(path):
    return "csv:" + path


def load_json(path):
    return "json:" + path


def pick_loaders():
    first, second = load_csv, load_json
    print(first("a.csv"))
    print(second("b.json"))


def swap_loaders():
    reader, writer = load_csv, load_json
    reader, writer = writer, reader
    print(reader("c.json"))


pick_loaders()
swap_loaders()
