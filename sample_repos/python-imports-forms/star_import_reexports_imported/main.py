"""The star import copies every public name of toolkit, checksum included."""

from toolkit import *  # noqa: F403


def main():
    payload = [1, 2, 3]
    print(checksum(payload), verify(payload, 6))


main()
