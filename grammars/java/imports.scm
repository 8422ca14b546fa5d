; brownfield's own Java imports: `import a.b.C;`, `import a.b.*;`, `import static a.b.C.m;`.

(import_declaration
  (scoped_identifier scope: (_) @import.source name: (identifier) @import.name)
  .) @import
(import_declaration
  (scoped_identifier) @import.source
  (asterisk) @import.wildcard) @import
