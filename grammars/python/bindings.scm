; brownfield's own Python bindings query: the assignments and returns that call
; resolution follows (`x = Foo(); x.run()`, `return Foo()`).

(assignment
  left: (_) @target
  right: (_) @value) @binding

(return_statement
  (_) @value) @return
