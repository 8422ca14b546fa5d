"""Seed 002's review stage, shared by both planners: the final free-form question and the
coverage pass (`followups`), the reviewable artifact `interview.yaml` (`artifact`) and its
append-only receipts log (`receipts`). The rules that find gaps, and how each planner's
questions appear in the artifact, live with the planners.

May import: `interview.engine`; never a planner.
"""
