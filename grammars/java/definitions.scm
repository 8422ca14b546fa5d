; brownfield's own Java definitions, package and calls (capture names: see generic_facts.py).

(package_declaration [(identifier) (scoped_identifier)] @name) @namespace

(class_declaration
  name: (identifier) @name
  superclass: (superclass (_) @base)?
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(interface_declaration
  name: (identifier) @name
  (extends_interfaces (type_list ((_) @base ","?)*))?) @definition.interface
(enum_declaration
  name: (identifier) @name
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(record_declaration
  name: (identifier) @name
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.class

; a method's declared result type lets `find().name()` follow it
; (and its parameters, for overloads: the n-th declaration of a name in a class is `m~n`)
(method_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type)]? @return.type
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (block)) @definition.method
; a `private` or `static` one: it overrides none, none overrides it
(method_declaration
  (modifiers) @_modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type)]? @return.type
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  body: (block)
  (#match? @_modifiers "(^|\\s)(private|static)(\\s|$)")) @definition.method @closed
; a method without a body is abstract (or native): a call of it may dispatch
(method_declaration
  (modifiers) @_modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type)]? @return.type
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  !body
  (#match? @_modifiers "abstract")) @definition.method @abstract
(method_declaration
  (modifiers)? @_modifiers
  type: [(type_identifier) (scoped_type_identifier) (generic_type) (array_type)]? @return.type
  name: (identifier) @name
  parameters: (formal_parameters) @parameters
  !body
  (#not-match? @_modifiers "abstract")) @definition.method
; a constructor is a method named like its class
(constructor_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @parameters) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method

; `m()`, `x.m()`, `this.m()`, `super.m()`, `Util.format()`, `new Foo().m()`
(method_invocation
  !object
  name: (identifier) @callee
  arguments: (argument_list) @arguments) @reference.call
(method_invocation
  object: (_) @receiver
  name: (identifier) @method
  arguments: (argument_list) @arguments) @reference.call
; `new Foo(...)` calls Foo's constructor; `this(...)` and `super(...)` another constructor
(object_creation_expression
  type: (_) @callee
  arguments: (argument_list) @arguments) @reference.call
(explicit_constructor_invocation
  !object
  constructor: [(this) (super)] @callee
  arguments: (argument_list) @arguments) @reference.call
