from typing import Union


class Store:
    def save(self):
        print("saved")


class Disk:
    def upload(self):
        return "disk"


class Cloud:
    def upload(self):
        return "cloud"


FACTORIES = {}


def register(kind, factory):
    FACTORIES[kind] = factory


def open_store(kind) -> "Store | None":
    return FACTORIES[kind]()


def pick(remote: bool) -> Union[Disk, Cloud]:
    return FACTORIES["cloud" if remote else "disk"]()


def main():
    register("default", Store)
    register("disk", Disk)
    register("cloud", Cloud)
    open_store("default").save()
    print(pick(True).upload())


main()
