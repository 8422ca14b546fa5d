; brownfield's own Python implicit-calls query: statements and expressions that call code
; without a written call (`raise E` constructs E, `a + b` calls `a.__add__`, `x[k]` calls
; `x.__getitem__`), interpreted by python_implicit.py. Operands that are literals call the
; builtin types' methods, so only names, attributes, calls and subscripts are matched.

(raise_statement
  .
  [(identifier) (attribute)] @value) @raise

(binary_operator
  left: [(identifier) (attribute) (call) (subscript)]) @operation
(unary_operator
  argument: [(identifier) (attribute) (call) (subscript)]) @operation
(augmented_assignment
  left: [(identifier) (attribute) (subscript)]) @operation
(comparison_operator) @operation
(subscript
  value: [(identifier) (attribute) (call) (subscript)]) @operation

; reading an attribute calls it when it is a property (or a descriptor, on self and cls),
; on a name, an attribute, what a call returns (`Foo().p`, `make().p`, `super().p`) or an
; element (`xs[0].p`)
(attribute
  object: [(identifier) (attribute) (call) (subscript)]) @read

; a truth test calls __bool__ (else __len__) of its operand
(if_statement
  condition: [(identifier) (attribute)] @operand) @truth
(elif_clause
  condition: [(identifier) (attribute)] @operand) @truth
(while_statement
  condition: [(identifier) (attribute)] @operand) @truth
(not_operator
  argument: [(identifier) (attribute)] @operand) @truth
; `a and b`, `a or b` test `a`; as a condition (`if a and b:`) they test `b` too
(boolean_operator
  left: [(identifier) (attribute)] @operand) @truth
(if_statement
  condition: (boolean_operator
    right: [(identifier) (attribute)] @operand)) @truth
(elif_clause
  condition: (boolean_operator
    right: [(identifier) (attribute)] @operand)) @truth
(while_statement
  condition: (boolean_operator
    right: [(identifier) (attribute)] @operand)) @truth

; a yield makes its function a generator function (calling it makes a generator)
(yield) @yield

; an f-string's `{x}` calls `format(x, spec)`: x.__format__ (else __str__, __repr__)
(interpolation
  expression: [(identifier) (attribute) (call) (subscript)] @operand) @format
