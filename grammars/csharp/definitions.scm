; brownfield's own C# definitions, namespaces and calls (capture names: see generic_facts.py).

(namespace_declaration name: (_) @name) @namespace
(file_scoped_namespace_declaration name: (_) @name) @namespace

(class_declaration name: (identifier) @name (base_list ((_) @base ","?)*)?) @definition.class
(struct_declaration name: (identifier) @name (base_list ((_) @base ","?)*)?) @definition.class
(interface_declaration name: (identifier) @name (base_list ((_) @base ","?)*)?) @definition.interface
(record_declaration name: (identifier) @name (base_list ((_) @base ","?)*)?) @definition.class
(enum_declaration name: (identifier) @name) @definition.class

; a method's declared result type lets `Find().Name()` follow it
(method_declaration
  returns: [
    (identifier) @return.type
    (qualified_name) @return.type
    (generic_name) @return.type
    (nullable_type type: [(identifier) (qualified_name) (generic_name)] @return.type)]?
  name: (identifier) @name
  body: (_)) @definition.method
; a method without a body (an interface's, an abstract one): a call of it may dispatch
(method_declaration
  returns: [
    (identifier) @return.type
    (qualified_name) @return.type
    (generic_name) @return.type
    (nullable_type type: [(identifier) (qualified_name) (generic_name)] @return.type)]?
  name: (identifier) @name
  !body) @definition.method @abstract
; an extension method (`static R M(this T x, ...)`): called as a method of a T
(method_declaration
  parameters: (parameter_list . (parameter (modifier) @_this type: (_) @extension.type)
  (#eq? @_this "this"))) @extension
; a constructor is a method named like its class
(constructor_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function

; `M()`, `x.M()`, `this.M()`, `base.M()`, `Util.Format()`, `new Foo().M()`, `a?.M()`
(invocation_expression function: (_) @callee) @reference.call
; `new Foo(...)` calls Foo's constructor
(object_creation_expression type: (_) @callee) @reference.call
; `Foo x = new(...)`, `Foo? x = new()`: a target-typed `new` calls the declared type's constructor
(variable_declaration
  type: [(identifier) (qualified_name) (generic_name)] @callee
  (variable_declarator (implicit_object_creation_expression) @reference.call))
(variable_declaration
  type: (nullable_type type: [(identifier) (qualified_name) (generic_name)] @callee)
  (variable_declarator (implicit_object_creation_expression) @reference.call))
