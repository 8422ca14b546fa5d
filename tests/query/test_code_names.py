"""The names in a definition's code that carry an idea's words (`code_names.idea_names`)."""

from __future__ import annotations

from brownfield.model import Node, NodeKind
from brownfield.query.code_names import idea_names
from brownfield.query.search import parse


def test_a_keyword_of_any_language_carries_no_word_of_the_idea() -> None:
    """cxxopts: "given on the command line" found `inline` (C++'s keyword) among the names
    of `Options::add_options`."""
    lines = [
        "inline",
        "void",
        "Options::add_options(const std::string& group)",
        "{",
        "  auto lineWidth = m_width;",
        "}",
    ]
    node = Node(
        "o.hpp::Options.add_options",
        NodeKind.METHOD,
        "add_options",
        "o.Options.add_options",
        "o.hpp",
        1,
        6,
        "cpp",
    )
    names = [name for name, _ in idea_names(node, lines, parse("Read the command line"))]
    assert names == ["lineWidth"]
