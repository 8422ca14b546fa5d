"""The engine every interview shares: the loop (`loop`), answer words (`words`), the state
records every planner's state builds on (`records`), saving and loading state files
(`store`, the only YAML importer), batch drafts (`drafts`), the JSON-lines conversation
(`json_lines`) and the scripted test double (`scripted`).

May import: `brownfield.errors`, `brownfield.model`; nothing else of the interview.
"""
