class ConfigError(Exception):
    def __init__(self, path):
        super().__init__(path)
        self.path = path

    def describe(self):
        return "bad config: " + self.path


def load(path):
    try:
        return open(path).read()
    except OSError as error:
        raise ConfigError(path) from error


def handle(path):
    try:
        return load(path)
    except ConfigError as problem:
        return problem.describe()


print(handle("/no/such/file.cfg"))
