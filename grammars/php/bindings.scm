; brownfield's own PHP bindings: typed parameters and properties, assignments, returns.

; `function f(Repo $r)`, `?Repo $r`; an untyped parameter is bound too (to the type its
; function's doc comment gives, `@param Repo $r`, else to nothing)
(simple_parameter
  type: [(named_type) @binding.type (optional_type (named_type) @binding.type)]
  name: (variable_name) @binding.name) @binding
(simple_parameter !type name: (variable_name) @binding.name) @binding @binding.param
(variadic_parameter name: (variable_name) @binding.name) @binding
; `__construct(private Repo $repo)`: a parameter and a property of the class
(property_promotion_parameter
  type: [(named_type) @binding.type (optional_type (named_type) @binding.type)]
  name: (variable_name (name) @binding.field) @binding.name) @binding

; `private Repo $repo;` (the property is named without its `$`, as `$this->repo` says)
(property_declaration
  type: [(named_type) @binding.type (optional_type (named_type) @binding.type)]
  (property_element name: (variable_name (name) @binding.name))) @binding

; `/** @var Node[] */ private $children = [];`: an untyped property, its doc comment's type
(property_declaration !type
  (property_element name: (variable_name (name) @binding.name))) @binding @binding.doc

; `foreach ($nodes as $node)`, `foreach ($nodes as $key => $node)`: an element
(foreach_statement . (_) @binding.element . (variable_name) @binding.name) @binding
(foreach_statement . (_) @binding.element . (pair (_) (variable_name) @binding.name)) @binding

; `$x = new A()`, `$this->repo = new Repo()`
(assignment_expression
  left: (variable_name) @binding.name
  right: (_) @binding.value) @binding
(assignment_expression
  left: (member_access_expression
    object: (variable_name) @_this
    name: (name) @binding.field)
  right: (_) @binding.value
  (#eq? @_this "$this")) @binding

(return_statement (_) @return.value) @return
