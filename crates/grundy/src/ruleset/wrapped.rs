//! What a ruleset played another way ([`super::Misere`], [`super::Every`]) answers as the
//! ruleset it wraps, its field `rules`: its settings, how positions are read, kept and shown.

/// The methods of trait `Ruleset` or `Presentation` that a wrapper of ruleset `R` (in its field
/// `rules`) answers as `R` does.
macro_rules! as_wrapped {
    (Ruleset) => {
        fn settings(&self) -> std::collections::BTreeMap<String, String> {
            self.rules.settings()
        }
        fn components(&self, position: &R::Position) -> usize {
            self.rules.components(position)
        }
        fn resume(&self, position: &R::Position) -> $crate::ruleset::Resume {
            self.rules.resume(position)
        }
        fn is_over(&self, position: &R::Position) -> bool {
            self.rules.is_over(position)
        }
        fn to_move(&self, position: &R::Position) -> Option<$crate::Player> {
            self.rules.to_move(position)
        }
        fn material(&self, position: &R::Position) -> u128 {
            self.rules.material(position)
        }
    };
    (Presentation) => {
        fn show(&self, position: &R::Position, lang: $crate::Lang) -> String {
            self.rules.show(position, lang)
        }
        fn write_position<S: serde::Serializer>(
            &self,
            position: &R::Position,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            self.rules.write_position(position, serializer)
        }
        fn listing(
            &self,
            lang: $crate::Lang,
        ) -> Result<Option<$crate::ruleset::Listing>, $crate::ruleset::SetupError> {
            self.rules.listing(lang)
        }
    };
}

pub(crate) use as_wrapped;
