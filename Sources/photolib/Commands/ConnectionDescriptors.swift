import Glibc

// rlim_t.max is RLIM_INFINITY, which Swift does not import (its C definition is -1 cast).

/// `serve`'s connections are descriptors: 10,000 of them do not fit the 1,024 a login shell
/// usually allows, so the soft open-file limit is raised toward the hard one (which any
/// process may do) before the server starts.
enum ConnectionDescriptors {
    /// Descriptors kept for everything else: the catalog, its journal, renditions and
    /// originals being sent (each a descriptor while it is), the decoders' workers.
    static let reserve = 512

    /// The connection limit that fits: `wanted` once the soft limit has been raised to
    /// `wanted + reserve` (or as far as the hard limit lets it), fewer otherwise.
    static func fit(_ wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return min(wanted, 1000) }
        let needed = rlim_t(wanted + reserve)
        if limit.rlim_cur != rlim_t.max, limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? needed : min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        if limit.rlim_cur == rlim_t.max { return wanted }
        return max(16, min(wanted, Int(limit.rlim_cur) - reserve))
    }
}
