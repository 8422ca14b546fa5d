; brownfield's own JavaScript definitions and calls (capture names: see generic_facts.py).

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration
  name: (identifier) @name
  (class_heritage (_) @base)?) @definition.class
(variable_declarator
  name: (identifier) @name
  value: (class (class_heritage (_) @base)?)) @definition.class
(class_body
  (method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method)
; a method named by a key (`[kConnect] () {}`): the method `[kConnect]`
(class_body
  (method_definition name: (computed_property_name (identifier)) @name) @definition.method)
; a class field holding a function is a method: `handle = (event) => {...}` (`this` is the
; instance, as in a method)
(class_body
  (field_definition
    property: [(property_identifier) (private_property_identifier)] @name
    value: [(arrow_function) (function_expression)]) @definition.method)
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

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

; An object literal bound to a name is a namespace of its members (not a class: it has no
; node): `const api = { run() {} }` defines `api.run`; so is the chain
; `var app = exports = module.exports = {}` (`app.set = function` is then `app.set`).
(variable_declarator name: (identifier) @name value: (object)) @definition.object
(variable_declarator
  name: (identifier) @name
  value: (assignment_expression
    right: [(object) (assignment_expression right: [(object) (assignment_expression right: (object))])])) @definition.object
; `module.exports = { ... }`: the file's `exports` object
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @name)
    right: (object)
    (#eq? @_module "module") (#eq? @name "exports")) @definition.object)
; `a.b = { ... }`: the object `a.b`
(expression_statement
  (assignment_expression
    left: (member_expression
      object: [(identifier) (member_expression)] @owner
      property: (property_identifier) @name)
    right: (object)
    (#not-eq? @owner "module")
    (#not-match? @owner "(^|\\.)prototype$")) @definition.object)

; the members of those objects: `{ run() {} }`, `{ run: function () {} }`, `{ run: () => 1 }`
; (`@member`: only in an object that is a namespace, not in one passed as an argument)
(object (method_definition name: [(property_identifier) (string)] @name) @definition.function @member)
(object
  (pair
    key: [(property_identifier) (string)] @name
    value: [(function_expression) (arrow_function) (generator_function)]) @definition.function @member)

; `Ctor.prototype.m = function () {}` and `Ctor.prototype = { m() {} }`: the method `Ctor.m`
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

; `exports.f = function () {}`, `module.exports.f = ...`: the function `exports.f`;
; `obj.f = function () {}`: `obj.f` (an object created by the assignment at the top of a
; file when nothing defines `obj`)
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @_module property: (property_identifier) @owner.object)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (generator_function)]
  (#eq? @_module "module") (#eq? @owner.object "exports")) @definition.function
(assignment_expression
  left: (member_expression
    object: [(identifier) (member_expression)] @owner.object
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function) (generator_function)]
  (#not-eq? @owner.object "module")
  (#not-match? @owner.object "(^|\\.)prototype$|^module\\.exports$")) @definition.function

; `Object.defineProperty(obj, "name", { get: function () {} })`: the getter `obj.name`
(call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_define)
  arguments: (arguments
    .
    [(identifier) (member_expression)] @owner.object
    .
    (string (string_fragment) @name)
    .
    (object
      (pair
        key: (property_identifier) @_accessor
        value: [(function_expression) (arrow_function)])) @definition.function)
  (#eq? @_object "Object") (#eq? @_define "defineProperty")
  (#any-of? @_accessor "get" "set" "value"))

(call_expression function: (_) @callee) @reference.call
(new_expression constructor: (_) @callee) @reference.call

; `var proto = module.exports = function () {}`: the function `proto`
(variable_declarator
  name: (identifier) @name
  value: (assignment_expression
    right: [(function_expression) (arrow_function)
            (assignment_expression right: [(function_expression) (arrow_function)])])) @definition.function
; `module.exports = function (argv) {}`: the file's exported function (named or not:
; `function getPaths(path)`) is the function `exports`, what `require` gives (the module
; object, which `module.exports.basename = ...` then adds members to); `export default
; function () {}`, `export default (a) => a`: the function `default`
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @_module property: (property_identifier) @name)
    right: [(function_expression) (arrow_function)] @definition.function
    (#eq? @_module "module") (#eq? @name "exports")))
(export_statement "default" @name value: [(function_expression !name) (arrow_function)] @definition.function)
; `module.exports = class Store {}`
(assignment_expression
  right: (class name: (identifier) @name (class_heritage (_) @base)?) @definition.class)

; inheritance written as a statement: `util.inherits(Child, Base)`,
; `Object.setPrototypeOf(Child.prototype, Base.prototype)`, `setPrototypeOf(child, base)`,
; `Child.prototype = Object.create(Base.prototype)`, `Child.prototype.__proto__ = Base.prototype`
(call_expression
  function: [(identifier) @_inherits (member_expression property: (property_identifier) @_inherits)]
  arguments: (arguments . [(identifier) (member_expression)] @inherits.child . [(identifier) (member_expression)] @inherits.base .)
  (#eq? @_inherits "inherits")) @inherits
(call_expression
  function: [(identifier) @_set (member_expression property: (property_identifier) @_set)]
  arguments: (arguments
    .
    (member_expression object: (_) @inherits.child property: (property_identifier) @_child)
    .
    (member_expression object: (_) @inherits.base property: (property_identifier) @_base)
    .)
  (#eq? @_set "setPrototypeOf") (#eq? @_child "prototype") (#eq? @_base "prototype")) @inherits
(call_expression
  function: [(identifier) @_set (member_expression property: (property_identifier) @_set)]
  arguments: (arguments . (identifier) @inherits.child . (identifier) @inherits.base .)
  (#eq? @_set "setPrototypeOf")) @inherits
(assignment_expression
  left: (member_expression object: (_) @inherits.child property: (property_identifier) @_prototype)
  right: (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_create)
    arguments: (arguments . (member_expression object: (_) @inherits.base property: (property_identifier) @_base)))
  (#eq? @_prototype "prototype") (#eq? @_object "Object") (#eq? @_create "create")
  (#eq? @_base "prototype")) @inherits
(assignment_expression
  left: (member_expression
    object: (member_expression object: (_) @inherits.child property: (property_identifier) @_prototype)
    property: (property_identifier) @_proto)
  right: (member_expression object: (_) @inherits.base property: (property_identifier) @_base)
  (#eq? @_prototype "prototype") (#eq? @_proto "__proto__") (#eq? @_base "prototype")) @inherits
