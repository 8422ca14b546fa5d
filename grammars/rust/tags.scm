; brownfield's own Rust definitions, naming scopes and calls (capture names: generic_facts.py).

; types: a struct, enum or union is a class, a trait an interface (a call of its method may
; run an implementing type's: `dispatch`); their fields and methods are their members
(struct_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(trait_item name: (type_identifier) @name) @definition.interface

; `impl T` and `impl Trait for T`: a naming scope called after the type, so its functions
; are `T.f` wherever `T` itself is declared; `impl Trait for &'a mut T` too (a method of
; it is called on a `T` as on a `&mut T`)
(impl_item
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
    (reference_type type: [
      (type_identifier) @name
      (generic_type type: (type_identifier) @name)
      (scoped_type_identifier name: (type_identifier) @name)
      (generic_type type: (scoped_type_identifier name: (type_identifier) @name))])
  ]) @scope
; an inline `mod x { ... }`: its items are `x.f`
(mod_item name: (identifier) @name body: (declaration_list)) @scope

; free functions: at the top of a file, in an inline module, or nested in a block
(source_file
  (function_item
    name: (identifier) @name
    return_type: [(tuple_type) @return.list (_) @return.type]?) @definition.function)
(mod_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      return_type: [(tuple_type) @return.list (_) @return.type]?) @definition.function))
(block
  (function_item
    name: (identifier) @name
    return_type: [(tuple_type) @return.list (_) @return.type]?) @definition.function)

; methods and associated functions; `-> Self` returns the impl's (or trait's) own type
(impl_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      return_type: [(tuple_type) @return.list (_) @return.type]?
      (#not-eq? @return.type "Self")) @definition.method))
(impl_item
  type: (_) @return.type
  body: (declaration_list
    (function_item
      name: (identifier) @name
      return_type: (type_identifier) @_self (#eq? @_self "Self")) @definition.method))
(trait_item
  body: (declaration_list
    [(function_item
      name: (identifier) @name
      return_type: (_)? @return.type (#not-eq? @return.type "Self"))
     (function_signature_item
      name: (identifier) @name
      return_type: (_)? @return.type (#not-eq? @return.type "Self"))] @definition.method))
(trait_item
  name: (type_identifier) @return.type
  body: (declaration_list
    [(function_item
      name: (identifier) @name
      return_type: (type_identifier) @_self (#eq? @_self "Self"))
     (function_signature_item
      name: (identifier) @name
      return_type: (type_identifier) @_self (#eq? @_self "Self"))] @definition.method))

; calls: `f()`, `a::b()`, `Type::f()`, `x.m()`, and the same with turbofish `f::<T>()`.
; Macros (`println!`, `vec!`) are not calls, and their arguments are token trees, unparsed.
(call_expression
  function: [(identifier) (scoped_identifier) (field_expression)] @callee) @reference.call
(call_expression function: (generic_function function: (_) @callee)) @reference.call

; `impl Trait for T`: T implements the trait, which is a base of T (its default methods
; are T's; a call through the trait may reach T's own)
(impl_item
  trait: [
    (type_identifier) @inherits.base
    (scoped_type_identifier) @inherits.base
    (generic_type type: (_) @inherits.base)]
  type: [
    (type_identifier) @inherits.child
    (generic_type type: (type_identifier) @inherits.child)
    (reference_type type: [
      (type_identifier) @inherits.child
      (generic_type type: (type_identifier) @inherits.child)])]) @inherits
