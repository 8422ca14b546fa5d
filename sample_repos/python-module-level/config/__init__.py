"""Settings are loaded once, when the package is first imported."""
from .loader import load_settings

SETTINGS = load_settings()
