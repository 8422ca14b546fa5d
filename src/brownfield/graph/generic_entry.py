"""Every language but Python: what the builder and the parser call for a language whose
queries and profile (`generic_world.Profile`) say all there is to say about it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from brownfield.graph.facts import FileFacts
from brownfield.graph.generic_resolver import Resolver
from brownfield.graph.generic_world import Profile, World, invalidated_keys, nodes_of
from brownfield.model import Node


def entry_points(
    profile: Profile,
) -> tuple[
    Callable[..., FileFacts],
    Callable[..., list[Node]],
    Callable[..., Resolver],
    Callable[..., set[str]],
]:
    """What the builder and the parser call for a language: extract, nodes_of,
    new_resolver, invalidated_keys. A language with a `layout` (what it reads besides
    its sources, e.g. Go's go.mod) receives it as `roots` and hands it to its world."""
    from brownfield.graph import generic_facts
    from brownfield.graph.languages import language_for

    language = profile.language

    def extract(root: object, source: bytes, matches: list[object]) -> FileFacts:
        return generic_facts.extract(
            root,
            source,
            matches,  # type: ignore[arg-type]
            language,
            overloads=profile.overloads,
            wrappers=(profile.wrapper_types, profile.wrapped_types, profile.sequence_types),
            inline_functions=profile.inline_functions,
        )

    def nodes(path: str, facts: FileFacts, roots: object = None) -> list[Node]:
        named = language_for(path)  # `.tsx` files: "tsx"; a C++ `.h` file: the profile's
        return nodes_of(named if named == "tsx" else language, path, facts)

    def new_resolver(
        paths: Iterable[str],
        load_facts: Callable[[str], FileFacts],
        definitions_named: Callable[[str], list[tuple[str, str]]],
        roots: object = None,
        computed_named: Callable[[str], list[str]] | None = None,
    ) -> Resolver:
        world = World(language, sorted(paths), load_facts, definitions_named, roots)
        world.computed_named = computed_named
        return Resolver(profile, world)

    def invalidated(
        path: str, old: FileFacts | None, new: FileFacts | None, roots: object = None
    ) -> set[str]:
        return invalidated_keys(language, path, old, new)

    return extract, nodes, new_resolver, invalidated
