"""Prefer the accelerated codec, fall back to the pure-Python one."""

try:
    import speedups
except ImportError:
    import purepy as speedups


def encode_all(items):
    return [speedups.encode(item) for item in items]


print(encode_all(["alpha", "beta"]))
