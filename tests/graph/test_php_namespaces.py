r"""PHP resolves a class name written relative to a namespace as PHP does (Nette and
League CommonMark: 42 of 77 missed calls): `Utils\Strings` in namespace `App` is
`App\Utils\Strings`; after `use App;` or `use App\Parser as CoreParser;` the imported
name starts the path (`App\Utils\Strings`, `CoreParser\Inline\NewlineParser`); a fully
qualified `\App\Utils\Strings` starts at the top. Before, each was unresolved or an
invented outside node named like the repository's class."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

STRINGS = """<?php
namespace App\\Utils;

class Strings
{
    public static function length(string $s): int
    {
        return strlen($s);
    }
}
"""
SMART = """<?php
namespace App;

trait Smart
{
    public function magic(): int
    {
        return 1;
    }
}
"""
NEWLINE = """<?php
namespace App\\Parser\\Inline;

class NewlineParser
{
}
"""
BASE = """<?php
namespace App\\Schema;

use App;
use App\\Utils as U;
use Psr\\Log;

class Base
{
    public function check(string $v): int
    {
        $a = App\\Utils\\Strings::length($v);
        $b = U\\Strings::length($v);
        Log\\Logger::info('x');
        return $a + $b;
    }
}
"""
HELPER = """<?php
namespace App;

class Helper
{
    public function run(): int
    {
        $a = Utils\\Strings::length('x');
        return $a + \\App\\Utils\\Strings::length('y');
    }
}
"""
EXT = """<?php
namespace App\\Schema;

use App;
use App\\Parser as CoreParser;

class Ext extends App\\Schema\\Base
{
    use App\\Smart;

    public function make(): object
    {
        $this->magic();
        $this->check('x');
        return new CoreParser\\Inline\\NewlineParser();
    }
}
"""
FILES = {
    "src/Utils/Strings.php": STRINGS,
    "src/Smart.php": SMART,
    "src/Parser/Inline/NewlineParser.php": NEWLINE,
    "src/Schema/Base.php": BASE,
    "src/Helper.php": HELPER,
    "src/Schema/Ext.php": EXT,
}
LENGTH = "src/Utils/Strings.php::Strings.length"


def test_names_relative_to_a_namespace_or_an_alias_are_the_repositorys(repo: Path) -> None:
    found = {(src, dst, line) for src, dst, _, line in edges_of(repo, FILES)}
    assert {
        ("src/Schema/Base.php::Base.check", LENGTH, 12),  # after `use App;`
        ("src/Schema/Base.php::Base.check", LENGTH, 13),  # `U\Strings`, `use App\Utils as U`
        ("src/Helper.php::Helper.run", LENGTH, 8),  # `Utils\Strings` in namespace App
        ("src/Helper.php::Helper.run", LENGTH, 9),  # `\App\Utils\Strings`, fully qualified
        ("src/Schema/Ext.php::Ext.make", "src/Smart.php::Smart.magic", 13),  # `use App\Smart;`
        ("src/Schema/Ext.php::Ext.make", "src/Schema/Base.php::Base.check", 14),  # the base
        ("src/Schema/Ext.php::Ext.make", "src/Parser/Inline/NewlineParser.php::NewlineParser", 15),
    } <= found
    # a namespace the repository does not declare stays outside code
    assert ("src/Schema/Base.php::Base.check", "Psr.Log.Logger.info", 14) in found
    invented = {dst for _, dst, _ in found if dst.startswith("App.")}
    assert not invented


def test_a_class_added_to_a_namespace_is_found_incrementally(tmp_path: Path) -> None:
    before = {path: text for path, text in FILES.items() if path != "src/Utils/Strings.php"}
    before["src/Utils/Other.php"] = "<?php\nnamespace App\\Utils;\n\nclass Other\n{\n}\n"
    after: dict[str, str | None] = {
        "src/Utils/Other.php": "<?php\nnamespace App\\Utils;\n\nclass Other\n{\n}\n\n"
        + STRINGS.partition("namespace App\\Utils;\n")[2]
    }
    graph = assert_incremental_equals_full(tmp_path, before, after)
    assert (
        "src/Helper.php::Helper.run",
        "src/Utils/Other.php::Strings.length",
        "import",
    ) in calls(graph)


def test_a_class_named_like_the_builtin_it_extends_is_not_its_own_base(repo: Path) -> None:
    # Nette: `class CachingIterator extends \CachingIterator` with a trait of the
    # repository's: `parent::next()` and `$this->hasNext()` are the builtin's
    source = (
        "<?php\nnamespace App\\Iterators;\n\nclass CachingIterator extends \\CachingIterator\n"
        "{\n    use \\App\\Smart;\n\n    public function next(): void\n    {\n"
        "        parent::next();\n        $this->hasNext();\n    }\n}\n"
    )
    found = edges_of(repo, {"src/Smart.php": SMART, "src/Iterators/CachingIterator.php": source})
    caller = "src/Iterators/CachingIterator.php::CachingIterator.next"
    assert {
        (caller, "<builtin>.CachingIterator.next", "import", 10),
        (caller, "<builtin>.CachingIterator.hasNext", "import", 11),
    } <= found, found
