class QueryBuilder:
    def __init__(self, table):
        self.table = table
        self.conditions = ""
        self.count = None

    def where(self, condition):
        self.conditions = " WHERE " + condition
        return self

    def limit(self, count):
        self.count = count
        return self

    def build(self):
        return "SELECT * FROM " + self.table + self.conditions + " LIMIT " + str(self.count)


sql = QueryBuilder("users").where("age > 30").limit(10).build()
print(sql)
