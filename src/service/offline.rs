//! Offline games: a service whose computer turns the caller plays one at a time, in one channel,
//! with commands sent as the host. The demo (`meeplebot demo`) and the crash test's worker use it.

/// A service for offline games (the demo, the crash test): computer turns are played by the
/// caller, one at a time.
pub fn offline_service(
    storage: std::sync::Arc<dyn crate::service::storage::Storage>,
    seed: u64,
) -> Result<crate::service::Service, String> {
    let settings = crate::service::Settings {
        seed: Some(seed),
        ..crate::service::Settings::default()
    };
    crate::service::Service::open(
        storage,
        std::sync::Arc::new(crate::render::Renderer::generated()),
        settings,
    )
    .map_err(|e| e.to_string())
}

/// The channel of offline games.
pub const OFFLINE: crate::service::Key = crate::service::Key {
    guild: 0,
    channel: 1,
};

/// Sends a command to the offline channel as the host of an offline game.
pub fn host_command(
    service: &crate::service::Service,
    command: crate::service::Command,
) -> crate::service::Reply {
    host_command_in(service, OFFLINE, command)
}

/// Sends a command to a channel as the host of an offline game there.
pub fn host_command_in(
    service: &crate::service::Service,
    key: crate::service::Key,
    command: crate::service::Command,
) -> crate::service::Reply {
    host_command_localized(service, key, command, None)
}

/// [`host_command_in`] from a host (and server) speaking `lang`: the game's texts are in it.
pub fn host_command_localized(
    service: &crate::service::Service,
    key: crate::service::Key,
    command: crate::service::Command,
    lang: Option<crate::i18n::Lang>,
) -> crate::service::Reply {
    service.handle(crate::service::Request {
        locale: crate::service::Locale {
            user: lang,
            server: lang,
        },
        key,
        actor: crate::service::Actor {
            id: 1,
            name: "Host".into(),
            manager: true,
            rights: Default::default(),
        },
        command,
        now: 0,
        game: None,
        interaction: None,
    })
}
