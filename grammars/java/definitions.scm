; brownfield's own Java definitions, package and calls (capture names: see generic_facts.py).

(package_declaration [(identifier) (scoped_identifier)] @name) @namespace

(class_declaration
  name: (identifier) @name
  superclass: (superclass (_) @base)?
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(interface_declaration
  name: (identifier) @name
  (extends_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(enum_declaration
  name: (identifier) @name
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(record_declaration
  name: (identifier) @name
  interfaces: (super_interfaces (type_list ((_) @base ","?)*))?) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.class

; a method's declared result type lets `find().name()` follow it
(method_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type)]? @return.type
  name: (identifier) @name) @definition.method
; a constructor is a method named like its class
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method

; `m()`, `x.m()`, `this.m()`, `super.m()`, `Util.format()`, `new Foo().m()`
(method_invocation !object name: (identifier) @callee) @reference.call
(method_invocation object: (_) @receiver name: (identifier) @method) @reference.call
; `new Foo(...)` calls Foo's constructor
(object_creation_expression type: (_) @callee) @reference.call
