; brownfield's own TypeScript/TSX definitions and calls (capture names: see generic_facts.py).
; Every pattern here must compile against both the TypeScript and the TSX grammar.

; functions, with their declared result type; `declare function f(): T;` and overloads
(function_declaration
  name: (identifier) @name
  return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature
  name: (identifier) @name
  return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?) @definition.function

; `export default function () {}`, `export default (a) => a`: the function `default`
(export_statement "default" @name value: [(function_expression !name) (arrow_function)] @definition.function)

; classes: `extends` and `implements` are both bases
(class_declaration
  name: (type_identifier) @name
  (class_heritage
    (extends_clause value: (_) @base)?
    (implements_clause . (_) @base ("," (_) @base)*)?)?) @definition.class
(abstract_class_declaration
  name: (type_identifier) @name
  (class_heritage
    (extends_clause value: (_) @base)?
    (implements_clause . (_) @base ("," (_) @base)*)?)?) @definition.class
(class
  name: (type_identifier) @name
  (class_heritage
    (extends_clause value: (_) @base)?
    (implements_clause . (_) @base ("," (_) @base)*)?)?) @definition.class

; interfaces are class-like: their method signatures are methods, their extends are bases
(interface_declaration
  name: (type_identifier) @name
  (extends_type_clause . (_) @base ("," (_) @base)*)?) @definition.interface

; a type alias is a type as an interface is (`type Options = { run(): void }`: its method
; signatures are its methods); an enum is a class of its members
(type_alias_declaration name: (type_identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.class

; `namespace N { ... }`: a class-like holder of its functions (`N.f()`)
(internal_module name: (identifier) @name) @definition.class

; methods, with their declared result type
(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name
    return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?) @definition.method)
; a method named by a key (`[kConnect](): void {}`): the method `[kConnect]`
(class_body
  (method_definition name: (computed_property_name (identifier)) @name) @definition.method)
; a class field holding a function is a method: `produce = (base, recipe) => {...}`,
; `handle: Handler = function () {...}` (`this` is the instance, as in a method)
(class_body
  (public_field_definition
    name: [(property_identifier) (private_property_identifier)] @name
    value: [(arrow_function) (function_expression)]) @definition.method)
(method_signature
  name: (property_identifier) @name
  return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?) @definition.method
; `validate: (cause: string) => void` in an interface: a method, as `validate(cause): void`
(interface_body
  (property_signature
    name: (property_identifier) @name
    type: (type_annotation
      (function_type
        return_type: [(type_identifier) (nested_type_identifier) (generic_type)]? @return.type))) @definition.method)
(abstract_method_signature
  name: (property_identifier) @name
  return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?) @definition.method @abstract

; `const f = (x: A): B => ...`
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function
      return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?)
    (function_expression
      return_type: (type_annotation [(type_identifier) (nested_type_identifier) (generic_type)] @return.type)?)
    (generator_function)
  ]) @definition.function

; `export const Button = forwardRef((props, ref) => {...})`, `const $Z = make("Z", (inst)
; => {...})`: a name the file binds at its top to what a call makes of a function literal
; (its first argument, or its second after a name, string or object) stands for that
; function, whose body is the name's, made on the declaration's line; not what arrays,
; promises and timers make of one
(program
  (_ (variable_declarator
        name: (identifier) @name
        value: (call_expression
          function: [(identifier) (member_expression property: (property_identifier) @_method)] @_callee
          arguments: [
            (arguments . [(arrow_function) (function_expression)] @definition.function)
            (arguments
              . [(identifier) (member_expression) (string) (template_string) (object)]
              . [(arrow_function) (function_expression)] @definition.function .)])) @declaration)
  (#not-match? @_callee "^(setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame)$")
  (#not-match? @_method "^(map|filter|reduce|reduceRight|find|findIndex|findLast|findLastIndex|some|every|sort|toSorted|flatMap|forEach|then|catch|finally|from|replace|replaceAll)$"))
(program
  (export_statement
    (_ (variable_declarator
          name: (identifier) @name
          value: (call_expression
            function: [(identifier) (member_expression property: (property_identifier) @_method)] @_callee
            arguments: [
              (arguments . [(arrow_function) (function_expression)] @definition.function)
              (arguments
                . [(identifier) (member_expression) (string) (template_string) (object)]
                . [(arrow_function) (function_expression)] @definition.function .)])) @declaration))
  (#not-match? @_callee "^(setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame)$")
  (#not-match? @_method "^(map|filter|reduce|reduceRight|find|findIndex|findLast|findLastIndex|some|every|sort|toSorted|flatMap|forEach|then|catch|finally|from|replace|replaceAll)$"))

; an object literal bound to a name is a namespace of its members (not a class: it has
; no node): `const api = { run() {} }` defines `api.run`
(variable_declarator name: (identifier) @name value: (object)) @definition.object
(variable_declarator name: (identifier) @name value: (as_expression (object))) @definition.object
(object (method_definition name: [(property_identifier) (string)] @name) @definition.function @member)
(object
  (pair
    key: [(property_identifier) (string)] @name
    value: [(function_expression) (arrow_function) (generator_function)]) @definition.function @member)

; `Ctor.prototype.m = function () {}` and `Ctor.prototype = { m() {} }`: the method `Ctor.m`
; (a function constructor, as JavaScript writes one: @preact/signals-core's `Signal`)
(assignment_expression
  left: (member_expression
    object: (member_expression object: (_) @owner property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (generator_function)]
  (#eq? @_prototype "prototype")) @definition.method
(assignment_expression
  left: (member_expression object: (_) @owner property: (property_identifier) @_prototype)
  right: (object
    [(method_definition name: [(property_identifier) (string)] @name)
     (pair
       key: [(property_identifier) (string)] @name
       value: [(function_expression) (arrow_function) (generator_function)])] @definition.method)
  (#eq? @_prototype "prototype"))

(call_expression function: (_) @callee) @reference.call
(new_expression constructor: (_) @callee) @reference.call
