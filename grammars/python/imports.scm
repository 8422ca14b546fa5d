; brownfield's own Python imports query: every import statement, interpreted by the extractor.

(import_statement) @import
(import_from_statement) @import
