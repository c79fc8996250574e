//! The machine's IPv4 addresses, for the address the links carry. They are
//! listed, never dialled: no packet leaves to find the "right" one.

use std::net::Ipv4Addr;

/// One IPv4 address of this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub ip: Ipv4Addr,
    /// The interface's name (eth0, wlan0…).
    pub iface: String,
    /// On the interface that carries the default route: the one the
    /// phones most likely share.
    pub default_route: bool,
}

impl Address {
    /// Private (RFC 1918) or link-local: a local network the phones can be on.
    pub fn is_local_network(&self) -> bool {
        self.ip.is_private() || self.ip.is_link_local()
    }
}

/// The interfaces with the default route, from Linux's routing table
/// (empty elsewhere: then the first private address is chosen).
#[cfg(not(target_arch = "wasm32"))]
fn default_route_ifaces() -> Vec<String> {
    let Ok(table) = std::fs::read_to_string("/proc/net/route") else {
        return Vec::new();
    };
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut f = line.split_whitespace();
            let iface = f.next()?;
            let dest = f.next()?;
            (dest == "00000000").then(|| iface.to_string())
        })
        .collect()
}

/// This machine's IPv4 addresses: the default route's first, then other
/// private ones, then the rest, loopback last.
#[cfg(not(target_arch = "wasm32"))]
pub fn ipv4_addresses() -> Vec<Address> {
    let defaults = default_route_ifaces();
    let mut out: Vec<Address> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|i| match i.ip() {
            std::net::IpAddr::V4(ip) => Some(Address {
                ip,
                default_route: defaults.contains(&i.name),
                iface: i.name,
            }),
            std::net::IpAddr::V6(_) => None,
        })
        .collect();
    out.sort_by_key(|a| {
        (
            !a.default_route,
            !a.is_local_network(),
            a.ip.is_loopback(),
            a.ip,
        )
    });
    out.dedup_by(|a, b| a.ip == b.ip);
    out
}

/// A page has no addresses to offer (issue 37: it cannot listen).
#[cfg(target_arch = "wasm32")]
pub fn ipv4_addresses() -> Vec<Address> {
    Vec::new()
}

/// The address to offer first: the default route's private address, else
/// the first private one, else any non-loopback one.
pub fn default_ipv4() -> Option<Ipv4Addr> {
    let all = ipv4_addresses();
    all.iter()
        .find(|a| a.default_route && a.is_local_network())
        .or_else(|| all.iter().find(|a| a.is_local_network()))
        .or_else(|| all.iter().find(|a| !a.ip.is_loopback()))
        .map(|a| a.ip)
}
