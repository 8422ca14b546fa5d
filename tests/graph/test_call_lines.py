"""A call is cited at the line that names what it calls: each link of a chain written over
several lines at its own line (PHP's League CommonMark cited 34 chained `->add...()`
calls at the line holding only `$environment`, as three edges)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.graph.test_generic_resolver import call_sites

CHAINS = {
    "python": (
        "chain.py",
        "class B:\n    def add(self, x):\n        return self\n\n    def done(self):\n"
        "        return 1\n\n\ndef run():\n    b = B()\n    return (\n        b\n"
        "        .add(1)\n        .add(2)\n        .done()\n    )\n",
        "chain.py::run",
        ("chain.py::B.add", "chain.py::B.done"),
        13,
    ),
    "javascript": (
        "chain.js",
        "class B {\n  add(x) { return this; }\n  done() { return 1; }\n}\n"
        "function run() {\n  const b = new B();\n  return b\n    .add(1)\n    .add(2)\n"
        "    .done();\n}\nmodule.exports = { run };\n",
        "chain.js::run",
        ("chain.js::B.add", "chain.js::B.done"),
        8,
    ),
    "java": (
        "Q.java",
        "class Q {\n  Q add(int x) { return this; }\n  int done() { return 1; }\n"
        "  static int run() {\n    Q q = new Q();\n    return q\n      .add(1)\n"
        "      .add(2)\n      .done();\n  }\n}\n",
        "Q.java::Q.run",
        ("Q.java::Q.add", "Q.java::Q.done"),
        7,
    ),
    "php": (
        "src/B.php",
        "<?php\nclass B\n{\n    public function add(int $x): B\n    {\n        return $this;\n"
        "    }\n\n    public function done(): int\n    {\n        return 1;\n    }\n\n"
        "    public function run(): int\n    {\n        return $this\n            ->add(1)\n"
        "            ->add(2)\n            ->done();\n    }\n}\n",
        "src/B.php::B.run",
        ("src/B.php::B.add", "src/B.php::B.done"),
        17,
    ),
}


@pytest.mark.parametrize("language", sorted(CHAINS))
def test_each_link_of_a_chain_is_cited_at_its_own_line(repo: Path, language: str) -> None:
    path, source, caller, (add, done), first = CHAINS[language]
    found = {site for site in call_sites(repo, {path: source}) if site[0] == caller}
    assert {(caller, add, first), (caller, add, first + 1), (caller, done, first + 2)} <= found
    assert not any(line < first for _, callee, line in found if callee in (add, done))
