from . import helpers
from .core import run
