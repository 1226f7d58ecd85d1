"""Words for exercises the catalog does not spell: other languages, verbs and filler (decision 0103).

The catalog names exercises in English. People log in their own words: "Kniebeugen", "press de
banca", "benched", "ran". Each phrase here is read as the English words of the catalog it means,
and those are resolved as usual, so a phrase that is ambiguous in English ("rudern": row) stays
ambiguous. Keys are compared folded (lower case, accents off, "ß" as "ss", German "ue" as "u"), so
"Bankdrücken", "bankdrucken" and "Bankdruecken" are one key.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# Words that say nothing about which exercise: "i", "a" ("ran a 5k"), "easy run", "buikspieren crunches".
FILLER: Final = frozenset(
    {
        "i",
        "a",
        "an",
        "my",
        "the",
        "some",
        "easy",
        "quick",
        "light",
        "heavy",
        "buikspieren",
        "de",
        "del",
        "la",
        "le",
        "du",
        "al",
        "da",
        "di",
        "van",
        "het",
    }
)

# One word as the English word it stands for: verbs in the past ("benched") and single foreign words.
_WORDS: Final = {
    "benched": "bench",
    "squatted": "squat",
    "deadlifted": "deadlift",
    "pressed": "press",
    "curled": "curl",
    "rowed": "row",
    "ran": "run",
    "jogged": "jog",
    "sprinted": "sprint",
    "cycled": "cycling",
    "biked": "bike",
    "swam": "swim",
    "walked": "walk",
    "hiked": "walk",
    "rucked": "ruck",
    "lunged": "lunge",
    "skipped": "jump rope",
    "marathon": "run",
    "stairmaster": "stair climber",
    "jogging": "jog",
    # German
    "kniebeuge": "squat",
    "kniebeugen": "squat",
    "frontkniebeuge": "front squat",
    "frontkniebeugen": "front squat",
    "bankdrucken": "bench press",
    "kreuzheben": "deadlift",
    "schulterdrucken": "shoulder press",
    "klimmzug": "pull up",
    "klimmzuge": "pull up",
    "liegestutz": "push up",
    "liegestutze": "push up",
    "ausfallschritt": "lunge",
    "ausfallschritte": "lunge",
    "beinpresse": "leg press",
    "latziehen": "lat pulldown",
    "rudern": "row",
    "langhantelrudern": "barbell row",
    "kurzhantelrudern": "dumbbell row",
    "seitheben": "lateral raise",
    "bizepscurl": "bicep curl",
    "bizepscurls": "bicep curl",
    "trizepsdrucken": "triceps pushdown",
    "wadenheben": "calf raise",
    "huftheben": "hip thrust",
    "laufen": "run",
    "gelaufen": "run",
    "joggen": "jog",
    "radfahren": "cycling",
    "schwimmen": "swim",
    "rudergerat": "rowing machine",
    "unterarmstutz": "plank",
    "bankdruck": "bench press",
    # Spanish
    "sentadilla": "squat",
    "sentadillas": "squat",
    "dominada": "pull up",
    "dominadas": "pull up",
    "flexiones": "push up",
    "flexion": "push up",
    "fondos": "dip",
    "zancada": "lunge",
    "zancadas": "lunge",
    "prensa": "leg press",
    "remo": "row",
    "correr": "run",
    "corri": "run",
    "carrera": "run",
    "plancha": "plank",
    "nadar": "swim",
    "bicicleta": "cycling",
    # French
    "tractions": "pull up",
    "traction": "pull up",
    "pompes": "push up",
    "pompe": "push up",
    "fentes": "lunge",
    "fente": "lunge",
    "course": "run",
    "gainage": "plank",
    "natation": "swim",
    "velo": "cycling",
    # Dutch
    "bankdrukken": "bench press",
    "schouderdrukken": "shoulder press",
    "optrekken": "pull up",
    "opdrukken": "push up",
    "beenpers": "leg press",
    "roeien": "row",
    "hardlopen": "run",
    "lopen": "run",
    "kniebuigingen": "squat",
    "kniebuiging": "squat",
    "uitvalspassen": "lunge",
    "fietsen": "cycling",
    "zwemmen": "swim",
    # Italian
    "panca": "bench press",
    "stacco": "deadlift",
    "stacchi": "deadlift",
    "trazioni": "pull up",
    "piegamenti": "push up",
    "flessioni": "push up",
    "affondi": "lunge",
    "affondo": "lunge",
    "pressa": "leg press",
    "rematore": "row",
    "corsa": "run",
    "nuoto": "swim",
}

# Phrases of several words, read before the single words.
_PHRASES: Final = {
    "rumanisches kreuzheben": "romanian deadlift",
    "press banca": "bench press",
    "press de banca": "bench press",
    "peso muerto": "deadlift",
    "peso muerto rumano": "romanian deadlift",
    "press militar": "overhead press",
    "remo con barra": "barbell row",
    "jalon pecho": "lat pulldown",
    "jalon al pecho": "lat pulldown",
    "elevaciones laterales": "lateral raise",
    "curl biceps": "bicep curl",
    "curl de biceps": "bicep curl",
    "sentadilla frontal": "front squat",
    "developpe couche": "bench press",
    "developpe incline": "incline bench press",
    "developpe militaire": "overhead press",
    "souleve de terre": "deadlift",
    "squat avant": "front squat",
    "presse a cuisses": "leg press",
    "presse cuisses": "leg press",
    "rowing barre": "barbell row",
    "tirage vertical": "lat pulldown",
    "elevations laterales": "lateral raise",
    "panca piana": "bench press",
    "panca inclinata": "incline bench press",
    "stacco da terra": "deadlift",
    "stacco rumeno": "romanian deadlift",
    "lento avanti": "overhead press",
    "rematore con bilanciere": "barbell row",
    "lat machine": "lat pulldown",
    "alzate laterali": "lateral raise",
    "curl bicipiti": "bicep curl",
    "half marathon": "run",
    "buikspieren crunches": "crunch",
}


def fold(text: str) -> str:
    """Lower case without accents: "Bankdrücken" and "Bankdruecken" give "bankdrucken"."""
    text = text.casefold().replace("ß", "ss")
    for umlaut, plain in (("ue", "u"), ("oe", "o"), ("ae", "a")):
        text = text.replace(umlaut + "\u0308", plain)
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # German written without umlauts: "bankdruecken", "klimmzuege", "ruderger(ae)t".
    for written, plain in (("drueck", "druck"), ("zuege", "zuge"), ("stuetz", "stutz"), ("geraet", "gerat")):
        bare = bare.replace(written, plain)
    return bare


WORDS: Final[Mapping[str, str]] = MappingProxyType(_WORDS)
PHRASES: Final[Mapping[str, str]] = MappingProxyType(_PHRASES)


def in_english(words: list[str]) -> list[str]:
    """``words`` (folded) as the catalog's English words: phrases first, then word by word, filler
    left out. Words it does not know stay as they are."""
    kept = [word for word in words if word not in FILLER or word in ("de", "da", "al")]
    if " ".join(kept) in PHRASES:
        return PHRASES[" ".join(kept)].split()
    plain = [word for word in kept if word not in FILLER]
    if " ".join(plain) in PHRASES:
        return PHRASES[" ".join(plain)].split()
    return [part for word in plain for part in WORDS.get(word, word).split()]
