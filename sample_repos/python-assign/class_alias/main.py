class UserRecord:
    def __init__(self, name):
        self.name = name

    def save(self):
        print("saving", self.name)


Record = UserRecord


def register(name):
    record = Record(name)
    record.save()
    return record


register("ada")
