from backend.store import save


def handle(form):
    record = dict(form)
    save(record)
    return record
