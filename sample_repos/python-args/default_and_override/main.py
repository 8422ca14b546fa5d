def quiet_report(count):
    pass


def loud_report(count):
    print("synced", count, "items")


def sync(items, report=quiet_report):
    count = len(items)
    report(count)


sync([1, 2, 3])
sync([4, 5], report=loud_report)
