; brownfield's own Go bindings: variables with a declared type or a value, parameters
; and receivers, struct fields, range variables, type switches; `new(T)` is a `*T`.

(var_spec name: (identifier) @binding.name type: (_) @binding.type) @binding
; `var x = f()`, `x := f()`, `a, b := f()` (b is f's second result), `y := n.(*T)`.
; An assignment (`x = g()`) binds nothing: a Go variable keeps its declared type.
(var_spec
  !type
  value: (expression_list . (_) @binding.value .)
  (#not-match? @binding.value "^new\\s*\\(")) @binding.targets @binding
(short_var_declaration
  left: (expression_list) @binding.targets
  right: (expression_list . (_) @binding.value .)
  (#not-match? @binding.value "^new\\s*\\(")) @binding

; `p := new(T)`
(var_spec
  . name: (identifier) @binding.name
  !type
  value: (expression_list
    . (call_expression
        function: (identifier) @_new
        arguments: (argument_list . (_) @binding.type .)) .)
  (#eq? @_new "new")) @binding
(short_var_declaration
  left: (expression_list . (identifier) @binding.name)
  right: (expression_list
    . (call_expression
        function: (identifier) @_new
        arguments: (argument_list . (_) @binding.type .)) .)
  (#eq? @_new "new")) @binding

; `for _, x := range xs`: an element of xs (a slice's, a map's values)
(range_clause
  left: (expression_list (_) . (identifier) @binding.name .)
  right: (_) @binding.element) @binding
; `switch v := x.(type) { case *T: ... }`: v is a T in a case of one type
(type_switch_statement
  alias: (expression_list (identifier) @binding.name)
  (type_case . type: (_) @binding.type . (_)? .) @binding)

; receivers, parameters and named results: `func (s *Store) Add(item Item) (n int)`
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      name: (identifier) @binding.name
      type: [(type_identifier) @binding.type
             (pointer_type (type_identifier) @binding.type)
             (generic_type type: (type_identifier) @binding.type)
             (pointer_type (generic_type type: (type_identifier) @binding.type))]) @binding))
(function_declaration
  [parameters: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)
   result: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)])
(method_declaration
  [parameters: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)
   result: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)])
(func_literal
  [parameters: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)
   result: (parameter_list
     (parameter_declaration name: (identifier) @binding.name type: (_) @binding.type) @binding)])

; the named fields of a declared struct: `log *Logger`
(type_spec
  type: (struct_type
    (field_declaration_list
      (field_declaration name: (field_identifier) @binding.name type: (_) @binding.type) @binding)))
