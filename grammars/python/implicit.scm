; brownfield's own Python implicit-calls query: statements and expressions that call code
; without a written call (`raise E` constructs E, `a + b` calls `a.__add__`, `x[k]` calls
; `x.__getitem__`), interpreted by python_implicit.py.

(raise_statement
  .
  (_) @value) @raise

(binary_operator) @operation
(unary_operator) @operation
(augmented_assignment) @operation
(comparison_operator) @operation
(subscript) @operation
