"""Shop package: re-exports the pricing helper most callers need."""
from .pricing import apply_discount

__all__ = ["apply_discount"]
