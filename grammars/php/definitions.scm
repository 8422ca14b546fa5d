; brownfield's own PHP definitions, namespace and calls (capture names: see generic_facts.py).

(namespace_definition name: (namespace_name) @name) @namespace

; classes, interfaces, traits and enums; bases: `extends`, `implements`, and the traits a
; class body starts by using (`use Loggable;`)
(class_declaration
  name: (name) @name
  (base_clause [(name) (qualified_name)] @base)?
  (class_interface_clause [(name) (qualified_name)] @base ("," [(name) (qualified_name)] @base)*)?
  body: (declaration_list . (use_declaration [(name) (qualified_name)] @base ("," [(name) (qualified_name)] @base)*)*)) @definition.class
(interface_declaration
  name: (name) @name
  (base_clause [(name) (qualified_name)] @base ("," [(name) (qualified_name)] @base)*)?) @definition.interface
(trait_declaration name: (name) @name) @definition.class
(enum_declaration
  name: (name) @name
  (class_interface_clause [(name) (qualified_name)] @base ("," [(name) (qualified_name)] @base)*)?) @definition.class

; functions and methods, with a declared class result (`: Repo`, `: ?Repo`, `: static`)
(function_definition
  name: (name) @name
  return_type: [(named_type) @return.type (optional_type (named_type) @return.type) (_)]?) @definition.function
(method_declaration
  name: (name) @name
  return_type: [(named_type) @return.type (optional_type (named_type) @return.type) (_)]?
  body: (_)) @definition.function
; a `private` or `static` one: it overrides none, none overrides it
(method_declaration
  [(visibility_modifier) (static_modifier)] @_modifier
  name: (name) @name
  return_type: [(named_type) @return.type (optional_type (named_type) @return.type) (_)]?
  body: (_)
  (#match? @_modifier "^(private|static)$")) @definition.function @closed
; a method without a body (an interface's, an abstract one): a call of it may dispatch
(method_declaration
  name: (name) @name
  return_type: [(named_type) @return.type (optional_type (named_type) @return.type) (_)]?
  !body) @definition.function @abstract

; calls: `f()`, `Ns\f()`, `$o->m()`, `$o?->m()`, `A::m()`, `self::m()`, `parent::m()`,
; `new A()`
(function_call_expression
  function: [(name) (qualified_name)] @callee
  ; `isset($a)` and `empty($a)` are the language's own constructs, no calls
  (#not-match? @callee "^(isset|empty)$")) @reference.call
; (a receiver in parentheses, `(new A())->m()`, is read without them)
(member_call_expression object: [
  (variable_name) (dynamic_variable_name) (name) (qualified_name)
  (member_access_expression) (nullsafe_member_access_expression)
  (scoped_property_access_expression) (class_constant_access_expression)
  (member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression)
  (function_call_expression) (object_creation_expression) (subscript_expression)
  (string) (encapsed_string)] @receiver
  name: (name) @method) @reference.call
(nullsafe_member_call_expression object: [
  (variable_name) (dynamic_variable_name) (name) (qualified_name)
  (member_access_expression) (nullsafe_member_access_expression)
  (scoped_property_access_expression) (class_constant_access_expression)
  (member_call_expression) (nullsafe_member_call_expression) (scoped_call_expression)
  (function_call_expression) (object_creation_expression) (subscript_expression)
  (string) (encapsed_string)] @receiver
  name: (name) @method) @reference.call
(member_call_expression
  object: (parenthesized_expression (_) @receiver) name: (name) @method) @reference.call
(nullsafe_member_call_expression
  object: (parenthesized_expression (_) @receiver) name: (name) @method) @reference.call
(scoped_call_expression scope: (_) @receiver name: (name) @method) @reference.call
(object_creation_expression [(name) (qualified_name)] @callee) @reference.call
