import Testing

/// The kill and concurrency tests, one after another: each starts hundreds of processes and
/// draws its kill delays from measured run times, so running them side by side on a 2-core
/// machine would only slow both and blur those times. `make test` runs them in a second
/// `swift test`, after the other suites, so that neither slows the other either.
@Suite(.serialized) enum ReliabilityTests {}
