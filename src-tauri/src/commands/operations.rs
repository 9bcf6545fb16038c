//! One Tauri command per operation of the core's table, generated: state access and the call,
//! nothing else. Arguments keep the request's field names (the IPC sends them in camelCase).

use greffier::api::{Api, ApiError};
use std::sync::Arc;

use tauri::State;

macro_rules! tauri_commands {
    (; $( $(#[doc = $doc:literal])* $cap:ident fn $name:ident($api:ident $(, $field:ident: $ty:ty)*) -> $resp:ty $body:block )*) => {
        $(
            $(#[doc = $doc])*
            #[tauri::command]
            #[specta::specta]
            pub async fn $name(api: State<'_, Arc<Api>> $(, $field: $ty)*) -> Result<$resp, ApiError> {
                api.$name($($field),*)
            }
        )*
    };
}

greffier::for_each_operation!(tauri_commands!());
