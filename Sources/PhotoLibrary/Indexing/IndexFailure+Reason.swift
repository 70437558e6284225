import PhotoCatalog
import PhotoSupport

extension Library {
    /// Why `index` could not read the file, without the path it is remembered with
    /// ("<absolute path>: <reason>", as it was reported): for lists and messages that name
    /// the file already.
    public func reason(of failure: IndexFailure) -> String {
        let prefix = absolutePath(of: failure.relativePath).description + ": "
        return failure.reason.hasPrefix(prefix) ? String(failure.reason.dropFirst(prefix.count)) : failure.reason
    }
}
