//! The character set of a record read as bytes. A record names it with
//! `CA` in its root; tengen decodes the record with it before reading the
//! SGF. A record that names none is UTF-8 when its bytes are UTF-8 (as
//! tengen and most programs write today), and ISO-8859-1 (the FF\[4\]
//! default) otherwise.

use crate::error::SgfError;
use encoding_rs::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, WINDOWS_1252};

/// The text of a record's bytes (a byte-order mark already skipped). A
/// guess, or bytes that are not text of the character set named, are
/// said in `warnings`.
pub(crate) fn decode(bytes: &[u8], warnings: &mut Vec<String>) -> Result<String, SgfError> {
    let Some(label) = root_charset(bytes) else {
        return Ok(match std::str::from_utf8(bytes) {
            Ok(text) => text.to_owned(),
            Err(e) => {
                warnings.push(format!(
                    "the record names no character set (CA) and is not UTF-8 (byte {} is not): read as ISO-8859-1",
                    e.valid_up_to()
                ));
                // ISO-8859-1 as web browsers read it: its superset
                // windows-1252, which gives the C1 control codes printable
                // characters.
                WINDOWS_1252
                    .decode_without_bom_handling(bytes)
                    .0
                    .into_owned()
            }
        });
    };
    let refuse = |message: &str| SgfError::Charset {
        charset: label.clone(),
        message: message.into(),
    };
    let encoding = Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| {
        refuse(
            "not a character set tengen knows: name one such as UTF-8, ISO-8859-1, GB2312, Shift_JIS, Big5 or EUC-KR",
        )
    })?;
    if [REPLACEMENT, UTF_16LE, UTF_16BE].contains(&encoding) {
        return Err(refuse(
            "tengen reads records in a character set that writes SGF's brackets and letters as ASCII does (UTF-8, ISO-8859-1, GB2312, Shift_JIS, Big5, ...)",
        ));
    }
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    if had_errors {
        warnings.push(format!(
            "some bytes of the record are not {} text, as CA[{label}] says: each is read as U+FFFD (\u{fffd})",
            encoding.name()
        ));
    }
    Ok(text.into_owned())
}

/// The value of `CA` in the root node, found in the bytes: the property
/// identifiers and the structure of SGF are ASCII in every character set
/// a record is written in. `None` when the root has no `CA` (or the bytes
/// are not a record: the reader says so).
fn root_charset(bytes: &[u8]) -> Option<String> {
    let open = bytes.iter().position(|&b| b == b'(')?;
    let mut rest = bytes[open + 1..].iter().copied();
    // The root's `;`.
    rest.by_ref()
        .find(|b| !b.is_ascii_whitespace())
        .filter(|&b| b == b';')?;
    let mut id: Vec<u8> = Vec::new();
    let mut after_value = false;
    while let Some(b) = rest.next() {
        match b {
            b'[' => {
                let mut value = Vec::new();
                let mut escaped = false;
                for v in rest.by_ref() {
                    match v {
                        _ if escaped => {
                            escaped = false;
                            value.push(v);
                        }
                        b'\\' => escaped = true,
                        b']' => break,
                        _ => value.push(v),
                    }
                }
                if id == b"CA" {
                    return Some(String::from_utf8_lossy(&value).trim().to_string());
                }
                after_value = true;
            }
            b if b.is_ascii_alphabetic() => {
                if after_value {
                    id.clear();
                    after_value = false;
                }
                // FF[3] identifiers may hold small letters (`CharSet`):
                // only the capitals count, as the parser reads them.
                if b.is_ascii_uppercase() {
                    id.push(b);
                }
            }
            b if b.is_ascii_whitespace() => {}
            // The end of the root node, or not SGF.
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::root_charset;

    #[test]
    fn the_root_charset_is_found_in_the_bytes() {
        let ca = |bytes: &[u8]| root_charset(bytes);
        assert_eq!(
            ca(b"(;FF[4]CA[ISO-8859-1]SZ[9])").as_deref(),
            Some("ISO-8859-1")
        );
        assert_eq!(
            ca(b"  (\n; GM[1] CA [ gb2312 ] )").as_deref(),
            Some("gb2312")
        );
        assert_eq!(
            ca(b"(;C[CA\\]X]PB[Jos\xe9]CA[Big5])").as_deref(),
            Some("Big5")
        );
        assert_eq!(ca(b"(;AB[aa][bb]CA[UTF-8])").as_deref(), Some("UTF-8"));
        // Only the root's.
        assert_eq!(ca(b"(;FF[4];CA[Big5])"), None);
        assert_eq!(ca(b"(;FF[4](;CA[Big5]))"), None);
        assert_eq!(ca(b"(;FF[4]XCA[Big5])"), None);
        assert_eq!(ca(b"no record"), None);
        assert_eq!(ca(b"(;CA[UTF-8"), Some("UTF-8".into()));
    }
}
