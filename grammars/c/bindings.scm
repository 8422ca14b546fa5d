; brownfield's own C bindings: only names that can be called and shadow functions matter
; in C, i.e. function pointers, and a plain local initialized from a name (`fp = helper`).
; Parameters count only in a function definition (not in prototypes).

(function_definition
  declarator: [
    (function_declarator parameters: (parameter_list (parameter_declaration
      declarator: (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @binding.name)))) @binding))
    (pointer_declarator declarator: (function_declarator parameters: (parameter_list (parameter_declaration
      declarator: (function_declarator
        declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @binding.name)))) @binding)))
  ])

; `int (*fp)(int);`, `int (*fp)(int) = helper;`
(declaration
  declarator: (function_declarator
    declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @binding.name)))) @binding
(declaration
  declarator: (init_declarator
    declarator: (function_declarator
      declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @binding.name)))
    value: (_) @binding.value)) @binding
; `handler_fn fp = helper;` (a typedef'd function pointer), `x = y`
(declaration
  declarator: (init_declarator declarator: (identifier) @binding.name value: (identifier) @binding.value)) @binding
