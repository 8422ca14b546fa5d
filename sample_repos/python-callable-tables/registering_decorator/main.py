READERS = {}


def register(kind):
    def decorate(function):
        READERS[kind] = function
        return function

    return decorate


@register("csv")
def read_csv(path):
    return "csv " + path


@register("json")
def read_json(path):
    return "json " + path


def read(kind, path):
    return READERS[kind](path)


print(read("csv", "a.csv"))
