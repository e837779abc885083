"""Undo journal of the game state: an order's rollback costs what the order changed.

python-chess keeps a move stack instead of copying the board; `Game` does the same for its orders.
While a `Journal` is open (`begin()` … `commit()` / `rollback()`, one per order, per thread):

* every attribute assignment on a `Journaled` object (all runtime state dataclasses) records the
  old value (`Journaled.__setattr__`);
* lists, dicts and sets stored on a `Journaled` object (or inside such a container) are kept as
  `JList` / `JDict` / `JSet`: setting one dict key or adding/discarding one set member records
  what undoes it; any other in-place change saves a shallow copy of the contents the first time
  in the order (copy-on-first-write); the conversion happens automatically when
  a plain list/dict/set is assigned (`adopt`), so new fields and new rules are covered without
  doing anything;
* numpy arrays stored on a `Journaled` object are made read-only: replace them
  (`field.mask = new_mask`, journaled), never write into them.

Attributes whose name starts with `_` are derived caches (indexes, memoised lookups): they are
not journaled and must be kept consistent by the code that owns them (see `UnitState`). The
contract for new state is in docs/architecture.md ("Rollback journal").
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import MISSING as dataclasses_missing
from dataclasses import fields
from typing import Any

import numpy as np

_MISSING = object()


class _Local(threading.local):
    journal: Journal | None = None


_local = _Local()


class Journal:
    """What one order changed: (object, attribute, old value) and (restore, container, contents)."""

    __slots__ = ("entries", "parent", "saved")

    def __init__(self, parent: Journal | None) -> None:
        self.entries: list[tuple[Any, Any, Any]] = []
        self.saved: set[int] = set()  # ids of containers whose contents are already saved
        self.parent = parent


def active() -> Journal | None:
    """The journal open in this thread (None outside orders)."""
    return _local.journal


def begin() -> Journal:
    """Open a journal (nested inside the open one, if any)."""
    journal = Journal(_local.journal)
    _local.journal = journal
    return journal


def commit(journal: Journal) -> None:
    """Keep the changes; a nested journal hands its entries to the enclosing one."""
    _local.journal = parent = journal.parent
    if parent is not None:
        parent.entries += journal.entries
        parent.saved |= journal.saved


def rollback(journal: Journal) -> None:
    """Undo every change recorded since `begin()`, newest first."""
    _local.journal = None  # restoring must not journal itself
    try:
        for owner, key, old in reversed(journal.entries):
            if callable(owner):
                owner(key, old)  # a container: restore(container, saved contents)
            elif old is _MISSING:
                object.__delattr__(owner, key)
            else:
                setattr(owner, key, old)  # through __setattr__: owners keep their indexes right
    finally:
        _local.journal = journal.parent


def _save(container: Any, restore: Callable[[Any, Any], None], contents: Any) -> None:
    journal = _local.journal
    if journal is not None and id(container) not in journal.saved:
        journal.saved.add(id(container))
        journal.entries.append((restore, container, contents))


# ---------------------------------------------------------------------------------------------
# Containers


def _restore_list(container: list[Any], saved: list[Any]) -> None:
    list.__setitem__(container, slice(None), saved)


def _restore_dict(container: dict[Any, Any], saved: dict[Any, Any]) -> None:
    dict.clear(container)
    dict.update(container, saved)


def _restore_set(container: set[Any], saved: set[Any]) -> None:
    set.clear(container)
    set.update(container, saved)


def _restore_key(container: dict[Any, Any], saved: tuple[Any, Any]) -> None:
    key, old = saved
    if old is _MISSING:
        dict.pop(container, key, None)  # a new key: the others keep their order
    else:
        dict.__setitem__(container, key, old)  # an existing key keeps its place


def _restore_discard(container: set[Any], value: Any) -> None:
    set.discard(container, value)


def _restore_add(container: set[Any], value: Any) -> None:
    set.add(container, value)


def _note(container: Any, restore: Callable[[Any, Any], None], undo: Any) -> None:
    """Journal one small change (a dict key set, a set member added or removed) by what undoes
    it, so that an order changing one entry of a big container does not copy it; nothing when
    the container's whole contents are already saved in this order (that copy restores it)."""
    journal = _local.journal
    if journal is not None and id(container) not in journal.saved:
        journal.entries.append((restore, container, undo))


class JList(list):  # type: ignore[type-arg]
    """A list whose in-place changes are journaled (copy-on-first-write per order)."""

    __slots__ = ()

    def _touch(self) -> None:
        if _local.journal is not None:
            _save(self, _restore_list, list(self))

    def append(self, value: Any) -> None:
        self._touch()
        list.append(self, adopt(value))

    def extend(self, values: Iterable[Any]) -> None:
        self._touch()
        list.extend(self, [adopt(v) for v in values])

    def insert(self, index: Any, value: Any) -> None:
        self._touch()
        list.insert(self, index, adopt(value))

    def remove(self, value: Any) -> None:
        self._touch()
        list.remove(self, value)

    def pop(self, index: Any = -1) -> Any:
        self._touch()
        return list.pop(self, index)

    def clear(self) -> None:
        self._touch()
        list.clear(self)

    def sort(self, **kwargs: Any) -> None:
        self._touch()
        list.sort(self, **kwargs)

    def reverse(self) -> None:
        self._touch()
        list.reverse(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        self._touch()
        value = [adopt(v) for v in value] if isinstance(index, slice) else adopt(value)
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        self._touch()
        list.__delitem__(self, index)

    def __iadd__(self, values: Iterable[Any]) -> JList:  # type: ignore[override,misc]
        self.extend(values)
        return self

    def __imul__(self, n: Any) -> JList:  # type: ignore[override,misc]
        self._touch()
        list.__imul__(self, n)
        return self


class JDict(dict):  # type: ignore[type-arg]
    """A dict whose in-place changes are journaled (copy-on-first-write per order)."""

    __slots__ = ()

    def _touch(self) -> None:
        if _local.journal is not None:
            _save(self, _restore_dict, dict(self))

    def __setitem__(self, key: Any, value: Any) -> None:
        _note(self, _restore_key, (key, dict.get(self, key, _MISSING)))
        dict.__setitem__(self, key, adopt(value))

    def __delitem__(self, key: Any) -> None:
        self._touch()
        dict.__delitem__(self, key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key in self:
            return dict.__getitem__(self, key)
        self._touch()
        value = adopt(default)
        dict.__setitem__(self, key, value)
        return value

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            self._touch()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[Any, Any]:
        self._touch()
        return dict.popitem(self)

    def clear(self) -> None:
        if self:
            self._touch()
        dict.clear(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._touch()
        for key, value in dict(*args, **kwargs).items():
            dict.__setitem__(self, key, adopt(value))

    def __ior__(self, other: Any) -> JDict:  # type: ignore[override,misc]
        self.update(other)
        return self


class JSet(set):  # type: ignore[type-arg]
    """A set whose in-place changes are journaled (copy-on-first-write per order)."""

    __slots__ = ()

    def _touch(self) -> None:
        if _local.journal is not None:
            _save(self, _restore_set, set(self))

    def add(self, value: Any) -> None:
        if value not in self:
            _note(self, _restore_discard, value)
            set.add(self, value)

    def discard(self, value: Any) -> None:
        if value in self:
            _note(self, _restore_add, value)
            set.discard(self, value)

    def remove(self, value: Any) -> None:
        self._touch()
        set.remove(self, value)

    def pop(self) -> Any:
        self._touch()
        return set.pop(self)

    def clear(self) -> None:
        if self:
            self._touch()
        set.clear(self)

    def update(self, *others: Iterable[Any]) -> None:
        self._touch()
        set.update(self, *others)

    def difference_update(self, *others: Iterable[Any]) -> None:
        self._touch()
        set.difference_update(self, *others)

    def intersection_update(self, *others: Iterable[Any]) -> None:
        self._touch()
        set.intersection_update(self, *others)

    def symmetric_difference_update(self, other: Iterable[Any]) -> None:
        self._touch()
        set.symmetric_difference_update(self, other)

    def __ior__(self, other: Any) -> JSet:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __iand__(self, other: Any) -> JSet:  # type: ignore[override,misc]
        self.intersection_update(other)
        return self

    def __isub__(self, other: Any) -> JSet:  # type: ignore[override,misc]
        self.difference_update(other)
        return self

    def __ixor__(self, other: Any) -> JSet:  # type: ignore[override,misc]
        self.symmetric_difference_update(other)
        return self


JOURNALED_CONTAINERS = (JList, JDict, JSet)


def adopt(value: Any) -> Any:
    """The value as state keeps it: plain lists/dicts/sets become journaled containers (their
    nested containers too), numpy arrays become read-only; anything else is returned as is."""
    kind = type(value)
    if kind is list:
        if any(type(v) in _PLAIN for v in value):
            return JList([adopt(v) for v in value])
        return JList(value)
    if kind is dict:
        if any(type(v) in _PLAIN for v in value.values()):
            return JDict({k: adopt(v) for k, v in value.items()})
        return JDict(value)
    if kind is set:
        return JSet(value)
    if kind is np.ndarray and value.flags.writeable:
        value.flags.writeable = False
    return value


_PLAIN = (list, dict, set, np.ndarray)
_FIELDS: dict[type, list[tuple[str, Any, Any, bool]]] = {}  # `Journaled.fresh`'s field specs


class Journaled:
    """Mixin of the runtime state dataclasses: assignments are journaled while an order runs, and
    stored containers are adopted (see the module docstring)."""

    __slots__ = ()

    @classmethod
    def fresh(cls, **values: Any) -> Any:
        """A new instance of this dataclass, as `cls(**values)` makes it outside an order (each
        field's value or default, containers adopted) without a `__setattr__` call per field:
        `GameState.from_scenario` makes 2,000 units of ~60 fields as a saved game opens (issue 26).
        Only for classes whose `__setattr__` does nothing more while the object is new (no index
        attached yet) and which have no `__post_init__`."""
        if _local.journal is not None:
            return cls(**values)  # inside an order: journaled like any other construction
        specs = _FIELDS.get(cls)
        if specs is None:
            specs = _FIELDS[cls] = [(f.name, f.default, f.default_factory, f.init) for f in fields(cls)]
        obj = object.__new__(cls)
        state = obj.__dict__
        left = len(values)
        for name, default, factory, init in specs:
            if init and name in values:
                value = values[name]
                left -= 1
            elif default is not dataclasses_missing:
                value = default
            elif factory is not dataclasses_missing:
                value = factory()
            elif not init:
                continue  # set by the class itself, as its __init__ would leave it
            else:
                raise TypeError(f"{cls.__name__}.fresh() missing the field {name!r}")
            state[name] = adopt(value) if type(value) in _PLAIN else value
        if left:
            raise TypeError(f"{cls.__name__}.fresh() got unknown fields: {set(values) - set(state)}")
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        if type(value) in _PLAIN:
            value = adopt(value)
        journal = _local.journal
        if journal is not None and name[0] != "_":
            journal.entries.append((self, name, self.__dict__.get(name, _MISSING)))
        object.__setattr__(self, name, value)
