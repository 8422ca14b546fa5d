from .gateway import charge, refund
