"""Storage backends for the archive service.

Each backend module exposes write_record and delete_record.
"""
BACKENDS = ["disk"]
