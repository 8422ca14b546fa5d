def check_required(record):
    if "id" not in record:
        raise KeyError("id")
    return record


def check_types(record):
    if not isinstance(record["id"], int):
        raise TypeError("id must be an int")
    return record


def log_record(record):
    print("ok", record["id"])
    return record


def audit_log(record):
    print("audit", record)


def clean(record):
    for step in [check_required, check_types, log_record]:
        record = step(record)
    return record


clean({"id": 7})
