; brownfield's own Python bindings query: what names are bound to, so that call resolution
; can follow values (`x = Foo(); x.run()`, `return Foo()`, `for f in handlers: f()`,
; `with Timer() as t`).

(assignment
  left: [(identifier) (attribute)] @target
  right: (_) @value) @binding

(return_statement
  (_) @value) @return

(for_statement
  left: (_) @target
  right: (_) @iterable) @loop

(with_item
  value: (_) @value) @with
