"""A tiny database client."""


class Cursor:
    def __init__(self, connection):
        self.connection = connection

    def execute(self, sql):
        print("executing on", self.connection.dsn, ":", sql)


class Connection:
    def __init__(self, dsn):
        self.dsn = dsn

    def cursor(self):
        return Cursor(self)
