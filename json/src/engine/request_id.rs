//! A request's `id`, kept as the exact JSON text the client sent.
//!
//! The protocol promises to echo the id unchanged. Read into a
//! `serde_json::Value`, an integer beyond 64 bits would come back as a
//! float (`123456789012345678901234567890` as `1.2345678901234568e29`) and
//! a float would lose its spelling (`1.50` as `1.5`): a client matching
//! responses by id would never find its own. The text itself is kept
//! instead, and written back as it came.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

/// The id of a request, as the JSON text it was given in (`null` where the
/// request had none or could not be read).
#[derive(Clone, Debug)]
pub struct RequestId(Box<RawValue>);

impl RequestId {
    /// `null`: the request had no id, or the line could not be read.
    pub fn null() -> RequestId {
        RequestId(RawValue::from_string("null".to_string()).expect("null is JSON"))
    }

    /// The id of a request line that has been read as a JSON object with
    /// its keys unique (so there is one `id` at most): its text exactly.
    pub(super) fn of_line(line: &str) -> RequestId {
        /// The one field wanted; the others are skipped unread.
        #[derive(Deserialize)]
        struct IdOnly<'a> {
            #[serde(borrow, default)]
            id: Option<&'a RawValue>,
        }
        match serde_json::from_str::<IdOnly<'_>>(line) {
            Ok(IdOnly { id: Some(raw) }) => RequestId(raw.to_owned()),
            _ => RequestId::null(),
        }
    }

    /// The id's JSON text, as sent.
    pub fn as_json(&self) -> &str {
        self.0.get()
    }

    /// The id as a JSON value (a number beyond 64 bits becomes the float
    /// nearest it: use [`RequestId::as_json`] to compare exactly).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).unwrap_or(serde_json::Value::Null)
    }
}

impl PartialEq for RequestId {
    fn eq(&self, other: &RequestId) -> bool {
        self.as_json() == other.as_json()
    }
}

impl Serialize for RequestId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_comes_back_as_written() {
        for id in [
            "123456789012345678901234567890",
            "-98765432109876543210987654321",
            "1.50",
            "1e400",
            r#""é\u00e9""#,
            r#"{"b": [1, 2.0], "a": null}"#,
        ] {
            let line = format!(r#"{{"command": "games", "id": {id}}}"#);
            let parsed = RequestId::of_line(&line);
            assert_eq!(parsed.as_json(), id);
            assert_eq!(serde_json::to_string(&parsed).unwrap(), id);
        }
        assert_eq!(
            RequestId::of_line(r#"{"command": "games"}"#).as_json(),
            "null"
        );
    }
}
