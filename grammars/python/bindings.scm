; brownfield's own Python bindings query: what names are bound to, so that call resolution
; can follow values (`x = Foo(); x.run()`, `a, b = f, g`, `return Foo()`,
; `for f in handlers: f()`, `with Timer() as t`, `except E as e`, `isinstance(x, A)`).

(assignment
  left: (_) @target
  right: (_) @value) @binding

(named_expression
  name: (identifier) @target
  value: (_) @value) @binding

; `node: Expr` in a class body, without a value: what its instances' attribute holds
(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @target
        type: (_)
        !right) @binding)))

(return_statement
  (_) @value) @return

(for_statement
  left: (_) @target
  right: (_) @iterable) @loop

(for_in_clause
  left: (_) @target
  right: (_) @iterable) @loop

(with_item) @with

(except_clause) @except

(global_statement) @declaration
(nonlocal_statement) @declaration

; receivers narrowed by isinstance (`isinstance(x, A)`, also negated, in `and`, in parentheses)
; and by the truth of a class attribute (`if x.flag:`)
(if_statement
  condition: [(call) (not_operator) (boolean_operator) (parenthesized_expression) (attribute)] @condition
  consequence: (block) @body) @narrow

(elif_clause
  condition: [(call) (boolean_operator) (parenthesized_expression) (attribute)] @condition
  consequence: (block) @body) @narrow

(assert_statement
  .
  [(call) (boolean_operator)] @condition) @narrow

; `isinstance(x, A) and x.m()` anywhere else (an assignment, a return): x is an A on the right
(boolean_operator
  left: (_) @condition
  operator: "and") @narrow
