//! The citation forms used before `docs/sources.md` (rulebook file names, the outside facts
//! file, the decisions files), read as they always were until every source is rewritten to
//! the keys. The rewrite removes this module; `tests/it/citations.rs` then holds that no old
//! form is left.

use crate::text::Text;

/// The old names and what a player reads for them.
const NAMES: [(&str, &str, &str); 15] = [
    ("000_88d49a4ead267029.txt", "Valencia, livret de règles", "Valencia, rulebook"),
    ("001_0ac7b0875d5760ba.txt", "Orléans: Invasion, livret de règles", "Orléans: Invasion, rulebook"),
    ("002_9c78f9e2477c434f.txt", "Citadelles, règles 2e édition", "Citadelles, 2nd edition rules"),
    (
        "003_a2b3ede045789b20.txt",
        "Les Cités de Splendor, livret des extensions",
        "Cities of Splendor, expansions booklet",
    ),
    ("004_0cbb91c0cafc3902.txt", "Citadelles, règles classiques", "Citadelles, classic rules"),
    ("decisions (citadelles.md)", "décisions de Greffier", "Greffier's decisions"),
    ("shared/games/citadelles.md", "décisions de Greffier", "Greffier's decisions"),
    ("shared/games/valencia.md", "décisions de Greffier", "Greffier's decisions"),
    ("shared/games/orleans-invasion.md", "décisions de Greffier", "Greffier's decisions"),
    ("shared/games/splendor-cities.md", "décisions de Greffier", "Greffier's decisions"),
    ("shared/games/", "décisions de Greffier", "Greffier's decisions"),
    ("shared/reference/game-facts.md", "données des cartes", "card data"),
    ("citadelles.md", "décisions de Greffier", "Greffier's decisions"),
    ("game-facts", "données des cartes", "card data"),
    (".md", "", ""),
];

/// A source in an old form read as before; `None` for a source in the new form.
pub(super) fn readable(source: &str) -> Option<Text> {
    if !NAMES.iter().any(|(old, _, _)| source.contains(old)) {
        return None;
    }
    let (mut fr, mut en) = (source.to_owned(), source.to_owned());
    for (old, name_fr, name_en) in NAMES {
        if old.ends_with(".txt") {
            fr = fr.replace(&format!("{old}, "), &format!("{name_fr} — "));
            en = en.replace(&format!("{old}, "), &format!("{name_en} — "));
        }
        fr = fr.replace(old, name_fr);
        en = en.replace(old, name_en);
    }
    Some(Text::new(fr, en))
}
