@testable import photolib

/// Swift Testing has an `ExitStatus` of its own (for exit tests); in this test module the
/// name means photolib's, so test files can write `ExitStatus` and `.usage` plainly.
typealias ExitStatus = photolib.ExitStatus
