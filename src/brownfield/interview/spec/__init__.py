"""The brownfield spec: compiling an adaptive interview into a cited spec and its
REQUIREMENTS.md (`compile`), skipped decisions filled from evidence (`autofill`), and
re-checking a spec's citations against the tree (`verify`).

May import: the planners, `interview.review`, `interview.engine`, `brownfield.errors`.
"""
