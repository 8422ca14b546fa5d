"""Seed 000's deterministic interview: the six-phase question bank (`bank`), its planner
(`planner`), its state (`state`), the coverage rules over its answers (`coverage`), its
questions in the artifact (`artifact_view`) and the REQUIREMENTS.md compiler
(`requirements`).

May import: `interview.engine`, `interview.review`; never `interview.adaptive`.
"""
