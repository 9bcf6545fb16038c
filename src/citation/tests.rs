//! How sources read.

use super::*;

#[test]
fn a_key_reads_as_the_book_and_its_section() {
    assert_eq!(readable("VAL p.11").fr, "Valencia, livret de règles — p.11");
    assert_eq!(readable("VAL p.11").en, "Valencia, rulebook — p.11");
    assert_eq!(
        readable("CIT §Fin de partie; CIT2 §Fin de la partie").fr,
        "Citadelles, règles classiques — Fin de partie\u{202f}; Citadelles, règles 2e édition — Fin de la partie"
    );
    assert_eq!(readable("SPL; DEC-SPL-1").en, "Cities of Splendor, expansions booklet; Greffier's decisions");
}

#[test]
fn a_book_cited_again_right_after_itself_is_named_once() {
    assert_eq!(
        readable("ORL §Prospérité, Événements; ORL §Aperçu des événements").en,
        "Orléans: Invasion, rulebook — Prospérité, Événements; Aperçu des événements"
    );
    assert_eq!(
        readable_within(Some("ORL"), "FACT-ORL-D4 (14 citizens) + ORL §Appendice, Matériel").en,
        "card data D4 (14 citizens) + Appendice, Matériel"
    );
}

#[test]
fn facts_named_together_read_as_one_list() {
    assert_eq!(
        readable("CIT §Quartiers (merveilles); FACT-CIT-B2 (coût incertain), FACT-CIT-B3").fr,
        "Citadelles, règles classiques — Quartiers (merveilles)\u{202f}; données des cartes B2 (coût incertain), B3"
    );
    assert_eq!(readable("FACT-CIT-B4; FACT-CIT-B5").en, "card data B4; card data B5");
}

#[test]
fn words_that_only_look_like_keys_stay_words() {
    for text in ["CITADELLES", "VALENCIA p.11", "FACT-", "DEC-CIT", "Greffier", "VAL-3", "ORLÉANS §1"] {
        assert_eq!(readable(text).en, text);
    }
}
