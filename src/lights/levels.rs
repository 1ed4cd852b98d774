//! The built-in levels, in the game's own format ([`super::format`]): a pack, a blank line
//! between levels. Their pars are what the search finds (the window's tab works them out).

/// The built-in pack.
pub const LEVELS: &str = "\
; Plus
.*.
***
.*.

; Corner
**.
*..
...

; Two corners
**.
*.*
.**

; Centre
...
.*.
...

; All on
***
***
***

; Cross
*.*
.*.
*.*
";
