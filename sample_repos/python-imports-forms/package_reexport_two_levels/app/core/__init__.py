"""Core subpackage.

Re-exports the engine's entry point.
"""
from .engine import start_server
