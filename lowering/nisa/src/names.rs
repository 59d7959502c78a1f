//! `named!`: an enum whose variants have one spelling each in the text form, with the table of
//! those spellings and the two lookups, so each such enum is written once.

/// Declares `enum $ty` with the given variants and spellings, `const $table` listing them in
/// order, and `$ty::name` and `$ty::from_name`.
macro_rules! named {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident in $table:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $name:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $ty {
            $( $(#[$vmeta])* $variant, )*
        }

        /// Every variant with its spelling in the text form, in declaration order.
        pub const $table: &[($ty, &str)] = &[ $( ($ty::$variant, $name), )* ];

        impl $ty {
            pub fn name(self) -> &'static str {
                match self {
                    $( $ty::$variant => $name, )*
                }
            }

            pub fn from_name(name: &str) -> Option<$ty> {
                $table.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
            }
        }
    };
}

pub(crate) use named;
