"""The read-only query layer: functions that take a store and return typed results."""
