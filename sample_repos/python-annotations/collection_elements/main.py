import typing as t


class Parameter:
    def __init__(self, name):
        self.name = name

    def help_record(self):
        return (self.name, "")


class Other:
    def help_record(self):
        return ("other", "")


class Command:
    def __init__(self, params: t.Optional[t.List["Parameter"]] = None):
        self.params = params or []

    def get_params(self) -> t.List[Parameter]:
        return list(self.params)

    def format_options(self):
        return [param.help_record() for param in self.get_params()]

    def first(self):
        return self.params[0].help_record()


def names(params: t.Iterable[Parameter]):
    return [p.help_record()[0] for p in params]


def main():
    command = Command([Parameter("a"), Parameter("b")])
    print(command.format_options(), command.first(), names(command.params))


main()
