"""Which words of a person's text can name an entity: no part of speech tagging, but the
shapes and lists that tell most verbs, adverbs, participles and function words apart from
the nouns an ontology keeps."""

from __future__ import annotations

import re

from brownfield.interview.engine.words import COMMON_VERBS
from brownfield.query.context import STOP_WORDS

#: Words that are never entities: question words, pronouns, quantifiers and the adjectives
#: of a change ("incoming", "existing", "current").
_NOT_NOUNS = frozenset(
    """whose whom whether whatever whichever whoever however wherever whenever anything
    something nothing everything anyone someone everyone nobody itself themselves
    many much several few various certain current existing previous next last first second
    third incoming outgoing different similar possible available optional required default
    instead always never often sometimes already still even really actually maybe please
    ones
    another either neither enough further early late fast slow high low good bad better
    best worse worst easy hard able like unlike past long short within across despite
    throughout""".split()
)


#: Common verbs of answers; their -s, -ing and -ed forms are not entities either.
_VERB_FORMS = frozenset(
    form
    for verb in COMMON_VERBS
    for form in (
        verb,
        verb + "s",
        verb + "es",
        verb + "ing",
        verb[:-1] + "ing" if verb.endswith("e") else verb + "ing",
        verb + "ed",
        verb + "d",
        verb[:-1] + "ies" if verb.endswith("y") else verb + "s",
    )
)


#: Past participles that do not end in "-ed" ("once it has *grown* past a limit").
_IRREGULAR_PARTICIPLES = frozenset(
    """grown known shown given taken written chosen broken driven hidden spoken stolen frozen
    forgotten gotten begun done gone seen thrown drawn flown blown worn torn sworn fallen
    eaten beaten bitten ridden risen shaken woken proven made spent sent built kept lost held
    paid said sold told found bought brought caught taught thought felt meant slept swept
    dealt fled lent understood won spun stuck struck hung stood heard laid sought fought""".split()
)


#: Nouns that end like an adverb ("-ly").
_LY_NOUNS = frozenset("assembly family anomaly monopoly butterfly supply reply apply".split())


#: Words after which a common verb is a verb ("... *and drop* the ones", "that *stop*"), and
#: after which an -ing form is an action, not a thing ("without *saying*", "stop *answering*").
_BEFORE_VERBS = frozenset(
    ", and then to that which who will can should must may might would could not".split()
)
_BEFORE_GERUNDS = _BEFORE_VERBS | frozenset(
    """without by stop stops keep keeps start starts after before when while of for from
    instead""".split()
)


#: Pronouns a third-person verb follows ("so *it stays* logged in", "for *whoever
#: chooses*"); not "that", "this", "which", which also come before a plural noun.
_SUBJECT_PRONOUNS = frozenset("it he she who whoever".split())
#: The people an idea lets do something: the word after one, but an -s form, is what they
#: do ("let *people keep* default values", "let *operators turn* logging up"); an -s form
#: after one is a noun of theirs ("the *users' logs*").
_PEOPLE = frozenset(
    "me us you people users operators developers authors writers admins administrators".split()
)


#: Forms of "be": the word right after one is an adjective or a participle ("the connection
#: is *reset*"), no entity.
_BE = frozenset("is are was were be been being isn't aren't wasn't weren't".split())
#: What an idea lets its subject do: "let the reader *skip* lines".
LET_SUBJECT = re.compile(
    r"^\s*(?:let|lets|make|makes)\s+(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){1,2}$", re.I
)


#: Words that open a noun phrase: an -s form between a noun and one of them is the
#: noun's verb ("a server *sends* a response", "the token *lasts* a day").
_DETERMINERS = frozenset("a an the its their his her our my your each every".split())


def verb_at(word: str, after: str, following: str = "") -> bool:
    """Whether an idea's word is a verb where it stands (a clause's first word, after "and",
    "to", "that"...; after "people", "users"...; an -ing form after "without", "stop"...;
    an -s form after "it", "who", or after a noun and before "a", "the", "its"...: not
    after a stop word, a common verb ("give callers a way") or an -ed form ("uploaded files
    a submission spills")); the word after "is", "are", "was"... ("is *reset*"): the idea
    keeps its nouns, not the actions done to them."""
    if word.endswith("ing") and len(word) > 5 and after in _BEFORE_GERUNDS:
        return True
    if after in _BE:
        return True
    third_person = word.endswith("s") and not word.endswith(("ss", "us", "is"))
    if third_person and after in _SUBJECT_PRONOUNS:
        return True
    if after in _PEOPLE and not word.endswith("s"):
        return True
    if (
        third_person
        and following in _DETERMINERS
        and after != ","
        and after not in STOP_WORDS
        and after not in COMMON_VERBS
        and not after.endswith("ed")
    ):
        return True
    return after in _BEFORE_VERBS and (word in COMMON_VERBS or after == ",")


def nounlike(word: str, text_number: int) -> bool:
    """A plain word that can name a thing: not a question word, pronoun, quantifier or
    adjective of the list, not shaped like an adverb ("periodically") or a past participle
    ("vanished", "retried", not "speed"); in an answer (not the idea, whose nouns stand:
    "add retries"), not a common verb's form either."""
    if word in _NOT_NOUNS:
        return False
    adverb = len(word) > 5 and word.endswith("ly") and word not in _LY_NOUNS
    participle = (len(word) > 4 and word.endswith("ed") and not word.endswith("eed")) or (
        word in _IRREGULAR_PARTICIPLES
    )
    if adverb or participle:
        return False
    return text_number == 0 or word not in _VERB_FORMS


#: A quoted phrase of two words or more (`'Not Found'`, `"payload too large"`): an example
#: of a value, not names of things. A quote inside a word (`don't`) opens none.
_QUOTED_PHRASE = re.compile(r"""(?<!\w)(['"])(?=\S)[^'"]*?\s[^'"]*?(?<=\S)\1(?!\w)""")


def without_quoted_phrases(text: str) -> str:
    """The text with its quoted phrases of several words blanked out (a quoted single word,
    `'time'`, may name a key and stays)."""
    return _QUOTED_PHRASE.sub(lambda m: " " * len(m.group()), text)
