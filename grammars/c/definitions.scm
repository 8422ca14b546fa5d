; brownfield's own C definitions and calls (capture names: see generic_facts.py).
; Only a function WITH a body defines it: a prototype (`int f(int);`, usually in a header)
; is a `declaration` and defines nothing, so calls reach the `.c` file that has the body.

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]
  ; a statement the parser lost its way in (`else { ... }` after a macro) is no function `if`
  (#not-match? @name "^(if|else|while|for|do|switch|case|return|sizeof)$")) @definition.function

(call_expression function: (_) @callee) @reference.call
