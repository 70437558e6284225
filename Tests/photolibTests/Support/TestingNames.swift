@testable import photolib

// Two of photolib's names are also taken by modules every test imports. Declared here,
// in the test module, they mean photolib's, so test files can write them plainly.

/// Swift Testing has an `ExitStatus` of its own (for exit tests).
typealias ExitStatus = photolib.ExitStatus

/// Foundation has an `OutputStream` (NSOutputStream).
typealias OutputStream = photolib.OutputStream
