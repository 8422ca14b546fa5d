import storage.disk as disk

ROOT = "/var/data"


def replace(name, payload):
    disk.delete_record(ROOT, name)
    disk.write_record(ROOT, name, payload)


replace("invoice-7", b"total=42")
