; brownfield's own Go definitions and calls (capture names: see generic_facts.py).

(package_clause (package_identifier) @name) @namespace

; types: a struct's embedded fields and an interface's embedded interfaces are its bases
(type_spec
  name: (type_identifier) @name
  type: (struct_type
    (field_declaration_list
      [(field_declaration !name type: (_) @base) (field_declaration name: (_)) (comment) ";"]*))) @definition.class
(type_spec
  name: (type_identifier) @name
  type: (interface_type [(type_elem . (_) @base .) (method_elem) (type_elem) (comment) ";"]*)) @definition.interface
(type_spec
  name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (pointer_type) (generic_type) (slice_type)
         (array_type) (map_type) (channel_type) (function_type)]) @definition.class
; `type A = B`: A's members are B's
(type_alias name: (type_identifier) @name type: (_) @base) @definition.class

; an interface's methods: a call through an interface reaches its declaration
(type_spec
  type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))

(function_declaration
  name: (identifier) @name
  result: [(parameter_list) @return.list (_) @return.type]?
  (#not-match? @return.type "^\\(")) @definition.function

; `var Usage = func() {...}` at the top level is a function named Usage: the calls in its
; body run when it is called, not when the package loads
(source_file
  (var_declaration
    (var_spec name: (identifier) @name value: (expression_list . (func_literal) .)) @definition.function))
(source_file
  (var_declaration
    (var_spec_list
      (var_spec name: (identifier) @name value: (expression_list . (func_literal) .)) @definition.function)))

; `func (s *Store) Add()` is `Store.Add`, wherever Store is declared
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [(type_identifier) @owner
             (pointer_type (type_identifier) @owner)
             (generic_type type: (type_identifier) @owner)
             (pointer_type (generic_type type: (type_identifier) @owner))]))
  name: (field_identifier) @name
  result: [(parameter_list) @return.list (_) @return.type]?
  (#not-match? @return.type "^\\(")) @definition.method

(call_expression function: (_) @callee) @reference.call
