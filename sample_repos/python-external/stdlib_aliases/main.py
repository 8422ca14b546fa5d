"""Standard-library names reached through aliases and from-imports."""

import hashlib as hl
import xml.etree.ElementTree as ET
from itertools import chain as concat
from os import path as osp


def parse_feed(text):
    return ET.fromstring(text)


def feed_file(folder):
    return osp.join(osp.expanduser(folder), "feed.xml")


def all_tags(groups):
    return list(concat(*groups))


def fingerprint(data):
    return hl.sha256(data)


print(feed_file("~"), all_tags([["news"], ["tech"]]))
