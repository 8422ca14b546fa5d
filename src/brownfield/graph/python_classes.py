"""Python: classes as the resolver reads them: members through the C3 method resolution
order, instance attributes, the class enclosing a scope. A mixin of `Resolver` (which
provides the tables, the evaluation and the per-file records declared here)."""

from __future__ import annotations

from brownfield.graph.facts import Definition
from brownfield.graph.python_scopes import Found, ModuleTable, Value
from brownfield.model import Resolution

#: class -> (its order, the files, modules and names computing it consulted)
Orders = dict[tuple[str, str], tuple[list[Value], frozenset[str], frozenset[str], frozenset[str]]]


class Classes:
    _mro: Orders
    _files: set[str]
    _modules: set[str]
    _names: set[str]
    _memo: dict[object, tuple[list[Found], str]]
    _reason: str

    def _table(self, path: str) -> ModuleTable:
        raise NotImplementedError

    def _evaluate(
        self, table: ModuleTable, scope: str, chain: tuple[str, ...], line: int
    ) -> list[Found]:
        raise NotImplementedError

    def _lookup_in_scope(
        self, table: ModuleTable, scope: str, name: str, line: int | None
    ) -> list[Found] | None:
        raise NotImplementedError

    def _bases(self, table: ModuleTable, definition: Definition) -> list[Value]:
        raise NotImplementedError

    def _is_class(self, value: Value) -> bool:
        definition = self._table(value.path).definitions.get(value.name)
        return definition is not None and definition.kind == "class"

    def _enclosing_class(self, table: ModuleTable, scope: str) -> str | None:
        definition = table.definitions.get(scope)
        while definition is not None and definition.kind != "class":
            definition = table.definitions.get(definition.scope)
        return definition.qualname if definition else None

    def _member(
        self, cls: Value, attribute: str, instance: bool, skip_self: bool = False
    ) -> list[Found]:
        """An attribute of a class (or of its instances) through the C3 method resolution order."""
        order = self.mro(cls)
        for klass in order[1:] if skip_self else order:
            if klass.kind == "ext":
                return [(Value("ext", "", f"{klass.name}.{attribute}"), Resolution.IMPORT)]
            table = self._table(klass.path)
            found = self._lookup_in_scope(table, klass.name, attribute, None)
            if found is not None:
                return found
            if instance:
                assigned = table.instance_attributes.get(klass.name, {}).get(attribute)
                if assigned:
                    last = assigned[-1]
                    if last.value is None:
                        return []
                    return [
                        (value, Resolution.INFERRED)
                        for value, _ in self._evaluate(table, last.scope, last.value, last.line)
                    ]
        self._reason = self._reason or "unknown-attribute"
        return []

    def mro(self, cls: Value) -> list[Value]:
        """C3 linearization over repository classes; an outside base ends its branch.

        Orders are kept across files, so each keeps what computing it consulted: a file
        that reuses an order depends on the same files, modules and names.
        """
        key = (cls.path, cls.name)
        cached = self._mro.get(key)
        if cached is not None:
            order, files, modules, names = cached
            self._files |= files
            self._modules |= modules
            self._names |= names
            return order
        self._mro[key] = ([cls], frozenset(), frozenset(), frozenset())  # inheritance cycles
        # Computing an order gets its own record of what it consulted, its own memo (a hit
        # in the file's memo would not record that) and never explains a call's failure.
        outer = (self._files, self._modules, self._names, self._memo, self._reason)
        self._files, self._modules, self._names, self._memo = set(), set(), set(), {}
        try:
            table = self._table(cls.path)
            bases = self._bases(table, table.definitions[cls.name])
            sequences = [self.mro(base) if base.kind == "def" else [base] for base in bases]
            order = [cls, *_c3_merge([*sequences, list(bases)])]
            self._mro[key] = (
                order,
                frozenset(self._files),
                frozenset(self._modules),
                frozenset(self._names),
            )
        finally:
            consulted = (self._files, self._modules, self._names)
            self._files, self._modules, self._names, self._memo, self._reason = outer
            self._files |= consulted[0]
            self._modules |= consulted[1]
            self._names |= consulted[2]
        return order


def _c3_merge(sequences: list[list[Value]]) -> list[Value]:
    result: list[Value] = []
    pending = [list(sequence) for sequence in sequences if sequence]
    while pending:
        for sequence in pending:
            head = sequence[0]
            if not any(head in other[1:] for other in pending):
                break
        else:  # inconsistent hierarchy: fall back to depth-first order
            for sequence in pending:
                result.extend(item for item in sequence if item not in result)
            return result
        result.append(head)
        pending = [[item for item in sequence if item != head] for sequence in pending]
        pending = [sequence for sequence in pending if sequence]
    return result
