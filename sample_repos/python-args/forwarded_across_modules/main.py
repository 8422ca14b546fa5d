from scheduler import schedule


def backup_database():
    print("backup done")


schedule(backup_database)
