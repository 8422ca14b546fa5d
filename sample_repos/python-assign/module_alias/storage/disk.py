"""Records kept as files on the local disk."""
import os


def write_record(root, name, payload):
    path = os.path.join(root, name)
    print("writing", len(payload), "bytes to", path)


def delete_record(root, name):
    print("deleting", os.path.join(root, name))
