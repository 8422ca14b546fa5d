"""A method a Ruby module (or class) calls but neither it nor its bases define runs on the
instances of the classes including (or deriving from) it: Ruby's `pp.rb` nests `module
PPMethods` in `class PP < PrettyPrint` and includes it there and in `PP::SingleLine <
PrettyPrint::SingleLine`; `text ','` in `PPMethods#comma_breakable` runs either base's
`text` (only `PrettyPrint#text` was found, through the module's lexical nesting). Each is
a `dispatch` edge."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

PP = """class PA
  def text(s); end
end

class PB
  def text(s); end
end

class Q < PA
  module Mx
    def g
      text "x"
    end

    def own
      g
    end
  end
  include Mx

  class Z < PB
    include Mx
  end
end

class Base
  def run
    hook
  end
end

class Sub < Base
  def hook
    1
  end
end
"""


def test_a_call_a_mixin_or_base_cannot_answer_runs_where_it_is_included(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, {"pp.rb": PP})}
    assert {
        ("pp.rb::Q.Mx.g", "pp.rb::PA.text", "dispatch"),
        ("pp.rb::Q.Mx.g", "pp.rb::PB.text", "dispatch"),
        ("pp.rb::Base.run", "pp.rb::Sub.hook", "dispatch"),
        ("pp.rb::Q.Mx.own", "pp.rb::Q.Mx.g", "self"),  # its own method: no dispatch
    } <= found
    assert not any(src == "pp.rb::Q.Mx.own" and how == "dispatch" for src, _, how in found)


def test_a_class_including_a_module_later_is_found_incrementally(tmp_path: Path) -> None:
    # the class including it inherits `text` from another file: only the base's name
    # (`Mx`) ties the changed file to the module's call
    mixin = "module Mx\n  def g\n    text 'x'\n  end\nend\n"
    before = {
        "mx.rb": mixin,
        "p.rb": "class P\n  def text(s); end\nend\n",
        "a.rb": "class A < P\nend\n",
    }
    after: dict[str, str | None] = {"a.rb": "class A < P\n  include Mx\nend\n"}
    graph = assert_incremental_equals_full(tmp_path, before, after)
    assert ("mx.rb::Mx.g", "p.rb::P.text", "dispatch") in calls(graph)


def test_a_method_called_on_this_that_only_subclasses_define(repo: Path) -> None:
    # JavaScript and Ruby (`this.hook()`, `self.hook`): a template method's step that the
    # base leaves to its subclasses
    files = {
        "b.js": "class Base {\n  run() { return this.hook(); }\n}\n"
        "class Sub extends Base {\n  hook() { return 1; }\n}\nmodule.exports = { Base, Sub };\n",
        "r.rb": "class RBase\n  def run\n    self.hook\n  end\nend\n\n"
        "class RSub < RBase\n  def hook\n    1\n  end\nend\n",
    }
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, files)}
    assert {
        ("b.js::Base.run", "b.js::Sub.hook", "dispatch"),
        ("r.rb::RBase.run", "r.rb::RSub.hook", "dispatch"),
    } <= found


def test_a_constant_is_no_method_left_to_the_classes_deriving(repo: Path) -> None:
    # uri/http.rb's `Util.make_components_hash(self, args)` in `def self.build`: `Util` was
    # found as a "method" of URI::HTTPS (deriving from HTTP) and the call became a dispatch
    files = {
        "uri/common.rb": "module URI\n  module Util\n    def make(a); end\n"
        "    module_function :make\n  end\nend\n",
        "uri/generic.rb": "module URI\n  class Generic\n    include URI\n  end\nend\n",
        "uri/http.rb": "module URI\n  class HTTP < Generic\n    def self.build\n"
        "      Util.make(1)\n    end\n  end\n\n  class HTTPS < HTTP\n  end\nend\n",
    }
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, files)}
    made = {how for src, dst, how in found if dst == "uri/common.rb::URI.Util.make"}
    assert made and "dispatch" not in made, found
