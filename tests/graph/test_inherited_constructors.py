"""A class without a constructor of its own is built by the one it inherits, where a
constructor is a method of a fixed name: PHP's `__construct`, JavaScript's and
TypeScript's `constructor`, Ruby's `initialize`. League CommonMark's `new Paragraph()`
(`Paragraph extends AbstractBlock extends Node`, only `Node` declaring `__construct`)
reached the class `Paragraph` and never `Node::__construct`. Java's, C#'s and C++'s
constructors, named like their class, are not inherited: a call of one names it."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

FILES = {
    "blocks.php": """<?php
namespace App;

abstract class Node {
    public function __construct() {}
}
abstract class AbstractBlock extends Node {}
class Paragraph extends AbstractBlock {}
class Heading extends AbstractBlock {
    public function __construct(int $level) { parent::__construct(); }
}

function make() { return [new Paragraph(), new Heading(2)]; }
""",
    "shapes.js": """class Shape {
  constructor(name) { this.name = name }
}
class Polygon extends Shape {}
class Square extends Polygon {}
class Failure extends Error {}
function make() { return [new Square('s'), new Failure('f')] }
module.exports = { make }
""",
    "shapes.ts": """export class Shape {
  constructor(public name: string) {}
}
export class Circle extends Shape {}
export function make(): Shape { return new Circle('c') }
""",
    "shapes.rb": """class Shape
  def initialize(name)
    @name = name
  end
end

class Circle < Shape
end

def make
  Circle.new('c')
end
""",
    "Shapes.java": """class Shape {
    Shape() {}
}
class Circle extends Shape {}
class Maker {
    Shape make() { return new Circle(); }
}
""",
}


def test_a_class_without_a_constructor_is_built_by_the_one_it_inherits(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, FILES)}
    assert {
        ("blocks.php::make", "blocks.php::Node.__construct", "constructor"),  # two classes up
        ("blocks.php::make", "blocks.php::Paragraph", "constructor"),
        ("blocks.php::make", "blocks.php::Heading.__construct", "constructor"),  # its own
        ("shapes.js::make", "shapes.js::Shape.constructor", "constructor"),
        ("shapes.ts::make", "shapes.ts::Shape.constructor", "constructor"),
        ("shapes.rb::make", "shapes.rb::Shape.initialize", "constructor"),
    } <= found, found
    built = {dst for src, dst, _ in found if src in ("blocks.php::make", "shapes.js::make")}
    # a class with its own constructor runs that one; a base outside the code, nothing here
    assert "blocks.php::Heading" not in built and not any("Error" in dst for dst in built)
    # Java: `new Circle()` names Circle's default constructor, no inherited one
    assert not any(dst.startswith("Shapes.java::Shape") for _, dst, _ in found), found


def test_a_constructor_removed_between_is_found_incrementally(tmp_path: Path) -> None:
    own = "<?php\nnamespace App;\nclass Block extends Node {\n"
    before = {
        "node.php": "<?php\nnamespace App;\nclass Node {\n    public function __construct() {}\n}\n",
        "block.php": own + "    public function __construct() { parent::__construct(); }\n}\n",
        "make.php": "<?php\nnamespace App;\nfunction make() { return new Block(); }\n",
    }
    after: dict[str, str | None] = {"block.php": own + "}\n"}
    graph = assert_incremental_equals_full(tmp_path, before, after)
    made = {dst for src, dst, _ in calls(graph) if src == "make.php::make"}
    assert made == {"block.php::Block", "node.php::Node.__construct"}, made
