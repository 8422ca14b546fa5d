"""A call on `this` dispatches only to the classes deriving from the calling one: in JDK's
`AbstractExecutorService.submit`, `execute(ftask)` may run `ThreadPoolExecutor.execute`
(a subclass) but never `Executors.DelegatedExecutorService.execute`, which implements
`ExecutorService` without deriving from `AbstractExecutorService` (five false dispatch
edges). A call on a parameter typed by the interface still reaches every implementation."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_resolver import edges_of

EXEC = """interface Exec { void execute(Runnable r); }
abstract class AbsExec implements Exec {
  void submit(Runnable r) {
    execute(r);
  }
  void again(Runnable r) {
    this.execute(r);
  }
}
class Pool extends AbsExec { public void execute(Runnable r) {} }
class Wrapper implements Exec {
  public void execute(Runnable r) {}
  void go(Exec e) { e.execute(null); }
}
"""


def test_a_call_on_this_dispatches_below_the_calling_class_only(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, {"Exec.java": EXEC})}
    for caller in ("Exec.java::AbsExec.submit", "Exec.java::AbsExec.again"):
        assert (caller, "Exec.java::Exec.execute", "self") in found
        assert (caller, "Exec.java::Pool.execute", "dispatch") in found
        assert (caller, "Exec.java::Wrapper.execute", "dispatch") not in found
    for implementation in ("Pool", "Wrapper"):  # `e` may be any of them
        assert (
            "Exec.java::Wrapper.go",
            f"Exec.java::{implementation}.execute",
            "dispatch",
        ) in found


OVERRIDDEN = {
    "A.java": "class A {\n  void run() { step(); }\n  void step() {}\n}\n"
    "class B extends A {\n  void step() {}\n}\nclass C {\n  void step() {}\n}\n",
    "d.rb": "class Base\n  def run\n    hook\n  end\n\n  def hook\n    raise 'no'\n  end\nend\n\n"
    "class Sub < Base\n  def hook\n    1\n  end\nend\n",
    "t.ts": "export class A {\n  run() { this.step(); }\n  step() {}\n}\n"
    "export class B extends A {\n  step() {}\n}\n",
    "s.hpp": "class A {\n public:\n  void run() { step(); }\n  void step() {}\n};\n"
    "class B : public A {\n public:\n  void step() {}\n};\n",
}


def test_a_call_on_this_reaches_the_overrides_below(repo: Path) -> None:
    # Ruby's Delegator: `__setobj__(obj)` runs SimpleDelegator's `__setobj__` (16 missed)
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, OVERRIDDEN)}
    for run, base, below in (
        ("A.java::A.run", "A.java::A.step", "A.java::B.step"),
        ("d.rb::Base.run", "d.rb::Base.hook", "d.rb::Sub.hook"),
        ("t.ts::A.run", "t.ts::A.step", "t.ts::B.step"),
    ):
        assert {(run, base, "self"), (run, below, "override")} <= found
    assert ("A.java::A.run", "A.java::C.step", "override") not in found  # no subclass
    # C++: a method not declared `virtual` is never overridden at run time
    assert ("s.hpp::A.run", "s.hpp::A.step", "self") in found
    assert not any(src == "s.hpp::A.run" and how == "override" for src, _, how in found)


def test_no_override_of_a_private_or_static_method(repo: Path) -> None:
    # Java and PHP: a subclass's method of that name hides it or is another method
    files = {
        "P.java": "class P {\n  void run() { helper(); make(); done(); step(); }\n"
        "  private void helper() {}\n  static void make() {}\n  final void done() {}\n"
        "  void step() {}\n}\nclass Q extends P {\n  void helper() {}\n  static void make() {}\n"
        "  void step() {}\n}\n",
        "src/P.php": "<?php\nclass P\n{\n    public function run(): void\n    {\n"
        "        $this->helper();\n    }\n\n    private function helper(): void\n    {\n    }\n}\n\n"
        "class Q extends P\n{\n    public function helper(): void\n    {\n    }\n}\n",
    }
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, files)}
    assert ("P.java::P.run", "P.java::Q.step", "override") in found
    overridden = {dst for src, dst, how in found if how == "override"}
    assert overridden == {"P.java::Q.step"}
    assert ("src/P.php::P.run", "src/P.php::P.helper", "self") in found


def test_an_implementation_is_one_dispatch_edge_not_also_an_override(repo: Path) -> None:
    found = [(src, dst) for src, dst, _, _ in edges_of(repo, {"Exec.java": EXEC})]
    assert found.count(("Exec.java::AbsExec.submit", "Exec.java::Pool.execute")) == 1


def test_a_super_call_of_a_base_outside_the_repository_builds(repo: Path) -> None:
    # TanStack db (`class MyError extends Error { constructor(m) { super(m) } }`) and the
    # JDK (`super(m)` in a class extending RuntimeException) stopped the build
    files = {
        "e.ts": "export class MyErr extends Error {\n  constructor(m: string) {\n"
        "    super(m);\n  }\n}\n",
        "A.java": "class A extends RuntimeException {\n  A(String m) { super(m); }\n}\n",
    }
    found = {(src, dst) for src, dst, _, _ in edges_of(repo, files)}
    assert ("e.ts::MyErr.constructor", "<builtin>.Error") in found


SUPER_AND_SIDES = {
    "src/P.php": "<?php\nclass Base\n{\n    public function hello(): void\n    {\n    }\n}\n\n"
    "class Mid extends Base\n{\n    public function hello(): void\n    {\n"
    "        parent::hello();\n    }\n}\n\nclass Leaf extends Mid\n{\n"
    "    public function hello(): void\n    {\n    }\n}\n",
    "s.ts": "class N {\n  set() { this.split(); }\n  split() {}\n}\n"
    "class I extends N {\n  set() { this.split(); }\n  split() {}\n}\n"
    "class J extends N {\n  set() { super.set(); }\n  split() {}\n}\n",
    "b.ts": "interface Idx { look: (v: number) => number }\n"
    "abstract class B implements Idx { abstract look(v: number): number }\n"
    "class C extends B { look(v: number) { return v; } }\n"
    "class W {\n  constructor(private i: Idx) {}\n  go() { return this.i.look(1); }\n}\n",
    "d.rb": "class Base\n  def run\n    super()\n  end\nend\n\nmodule M\n  def show(x)\n"
    "    pp x\n  end\nend\n\nclass P\n  include M\n\n  def P.pp(o)\n  end\nend\n",
}


def test_dispatch_only_where_the_call_can_run_there(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, SUPER_AND_SIDES)}
    dynamic = {(src, dst) for src, dst, how in found if how in ("override", "dispatch")}
    # `parent::hello()` runs Base's, never Leaf's
    assert not any(src == "src/P.php::Mid.hello" for src, _ in dynamic)
    # I replaces `set` without calling N's: N.set's `this.split()` never runs on an I;
    # J calls it through `super.set()`
    assert ("s.ts::N.set", "s.ts::I.split") not in dynamic
    assert ("s.ts::N.set", "s.ts::J.split") in dynamic
    # an abstract method never runs: C's does
    assert ("b.ts::W.go", "b.ts::C.look") in dynamic
    assert ("b.ts::W.go", "b.ts::B.look") not in dynamic
    # Ruby: a bare `super` is no call of the method itself; `pp x` in an instance method
    # is no call of the class method `P.pp`
    assert not any(src == "d.rb::Base.run" and dst == "d.rb::Base.run" for src, dst, _ in found)
    assert not any(dst.startswith("d.rb::P.pp") for _, dst in dynamic)


def test_a_java_override_has_the_same_parameter_types(repo: Path) -> None:
    # JDK's Writer: `write(String.valueOf(csq))`, an argument of no known type, reached
    # PipedWriter's `write(int c)`, of as many parameters but another type
    files = {
        "S.java": "class S {\n  void go(Object o) { put(o.size()); }\n  void put(int x) {}\n}\n"
        "class F extends S {\n  void put(String s) {}\n}\n"
        "class G extends S {\n  void put(int x) {}\n}\n",
    }
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, files)}
    assert ("S.java::S.go", "S.java::S.put", "self") in found
    assert {dst for src, dst, how in found if how == "override"} == {"S.java::G.put"}
