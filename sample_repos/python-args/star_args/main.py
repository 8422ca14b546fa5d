def migrate_db():
    print("migrating database")


def warm_cache():
    print("warming cache")


def start_workers():
    print("starting workers")


def run_all(*steps):
    for step in steps:
        step()


run_all(migrate_db, warm_cache, start_workers)
