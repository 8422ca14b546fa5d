; brownfield's own C++ definitions, naming scopes and calls (capture names: see
; generic_facts.py). Only a function WITH a body defines it: prototypes and in-class
; method declarations define nothing, so calls reach the body, wherever it is written.

; classes and structs with a body, and their bases: `class A : public B, private ns::C<T>`
(class_specifier
  name: (_) @name
  (base_class_clause ([(type_identifier) (qualified_identifier) (template_type)] @base)*)?
  body: (field_declaration_list)) @definition.class
(struct_specifier
  name: (_) @name
  (base_class_clause ([(type_identifier) (qualified_identifier) (template_type)] @base)*)?
  body: (field_declaration_list)) @definition.class

; `namespace ns { ... }`, `namespace a::b { ... }`: definitions inside are `ns.f`
(namespace_definition name: (_) @name body: (declaration_list)) @scope

; functions, and methods written in their class: `int f()`, `Store* make()`, `T& get()`
(function_definition
  type: (_)? @return.type
  declarator: [
    (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name))
  ]
  ; a statement the parser lost its way in (`else { ... }` after a macro) is no function `if`
  (#not-match? @name "^(if|else|while|for|do|switch|case|return|sizeof)$")) @definition.function

; methods written outside their class: `void Store::add()`, `Box<T>::get()`
(function_definition
  type: (_)? @return.type
  declarator: [
    (function_declarator declarator: (qualified_identifier scope: (_) @owner name: [(identifier) (destructor_name) (operator_name)] @name))
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: (_) @owner name: [(identifier) (destructor_name) (operator_name)] @name)))
    (reference_declarator (function_declarator declarator: (qualified_identifier scope: (_) @owner name: [(identifier) (destructor_name) (operator_name)] @name)))
  ]) @definition.function

; ... and with a longer qualified name: `void ns::Store::add()` (the whole name: `ns.Store.add`)
(function_definition
  type: (_)? @return.type
  declarator: [
    (function_declarator declarator: (qualified_identifier name: (qualified_identifier)) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier name: (qualified_identifier)) @name))
    (reference_declarator (function_declarator declarator: (qualified_identifier name: (qualified_identifier)) @name))
  ]) @definition.function

; calls: `f()`, `ns::f()`, `obj.m()`, `p->m()`, `this->m()`, `Store::make()`, `f<int>()`
(call_expression function: (_) @callee) @reference.call
; `new Store(1)`: the constructor
(new_expression type: (_) @callee) @reference.call
; `Store s;`, `Store s(1);`, `Store s{1};`: a declaration that runs a constructor
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @callee
  declarator: (identifier)) @reference.call
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @callee
  declarator: (init_declarator declarator: (identifier) value: [(argument_list) (initializer_list)])) @reference.call
