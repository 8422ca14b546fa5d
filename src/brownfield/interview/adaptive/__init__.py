"""Seed 004's ambiguity-scored interview: its state (`state`), the start (threshold,
suitability, brownfield detection, Round 0: `start`), topology edits (`topology`), slots and
their questions (`slots`), scoring (`scoring`), triggers and established facts (`triggers`,
`established`), the window on the code (`evidence`) and rounds answered from it (`rounds`),
the lateral review panel (`panel`), the ontology (`ontology`), refined answers (`refine`),
the closing gates (`closing`), batches (`batch`), the round report (`report`), the coverage
rules over its slots (`coverage`), its questions in the artifact (`artifact_view`) and the
planner that composes them (`planner`).

May import: `interview.engine`, `interview.review`, `brownfield.query`, `brownfield.graph.store`
(a type), `brownfield.model`; never `interview.phases`.
"""
