"""Public API of the app package.

start_server is defined two levels down and re-exported here.
"""
from .core import start_server
