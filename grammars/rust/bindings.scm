; brownfield's own Rust bindings: typed and inferred variables, parameters, struct fields,
; type aliases.

; `let s: Store = ...`, `let s: &mut Store = ...` (the declared type wins over the value)
(let_declaration
  pattern: (identifier) @binding.name
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (primitive_type)] @binding.type) @binding
(let_declaration
  pattern: (identifier) @binding.name
  type: (reference_type type: (_) @binding.type)) @binding
; `let s = Store::new()`
(let_declaration
  pattern: (identifier) @binding.name
  !type
  value: (_) @binding.value) @binding

; `let (s, r) = bounded(1)`: the k-th name is the k-th element of a function's tuple result
(let_declaration
  pattern: (tuple_pattern) @binding.targets
  value: (_) @binding.value) @binding

; parameters `s: Store`, `s: &Store`, `s: &mut Store`; a trait object or an `impl Trait`
; (`f: &dyn Fragment`, `f: impl Fragment`) is the trait, whose method calls dispatch
(parameter
  pattern: (identifier) @binding.name
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (primitive_type)] @binding.type) @binding
(parameter
  pattern: (identifier) @binding.name
  type: (reference_type type: [(type_identifier) (scoped_type_identifier) (generic_type) (primitive_type)] @binding.type)) @binding
(parameter
  pattern: (identifier) @binding.name
  type: [(dynamic_type trait: (_) @binding.type) (abstract_type trait: (_) @binding.type)
         (reference_type type: [(dynamic_type trait: (_) @binding.type) (abstract_type trait: (_) @binding.type)])]) @binding

; a type parameter bound by one trait is it: `fn f<T: Fragment>(t: &T)`, `where T: Fragment`
; (of `T: Clone + Fragment`, which holds `t.width()` is not known)
(type_parameters
  (type_parameter
    name: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.value .)) @binding)
(where_clause
  (where_predicate
    left: (type_identifier) @binding.name
    bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @binding.value .)) @binding)

; struct fields `items: Vec<String>`, `store: &'a Store`: members of the struct
(field_declaration
  name: (field_identifier) @binding.name
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (primitive_type)] @binding.type) @binding
(field_declaration
  name: (field_identifier) @binding.name
  type: (reference_type type: (_) @binding.type)) @binding

; `type Db = Store;` (not an impl's associated type, `type Error = Error;`, which is no
; member the type holds, as a field is)
(source_file
  (type_item name: (type_identifier) @binding.name type: (_) @binding.value) @binding)
(mod_item body: (declaration_list
  (type_item name: (type_identifier) @binding.name type: (_) @binding.value) @binding))
(block
  (type_item name: (type_identifier) @binding.name type: (_) @binding.value) @binding)
