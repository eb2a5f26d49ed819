//! Pictures: the tile art generator, board pictures, tile previews and final pictures.
//!
//! Depends on the engine and on image/tiny-skia only; no async, no Discord, no storage. Callers in
//! async code run these functions off the runtime (they take milliseconds).

pub mod art;
