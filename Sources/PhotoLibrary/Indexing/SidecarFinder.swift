import Foundation
import PhotoFormats
import PhotoSupport

/// A sidecar found beside a photo during a walk, with what decides whether it changed.
struct FoundSidecar: Sendable, Equatable {
    var path: RawPath
    /// `Sidecar.stamp` of the file as the walk saw it.
    var stamp: String
}

/// Finds each photo's sidecar among the files a walk listed, without a `stat` per photo:
/// a folder's sidecars were listed with it. Only a photo named on its own (an explicit file
/// root, whose folder was not listed) costs a `stat` per candidate name.
struct SidecarFinder {
    private var walkedSidecars: [RawPath: WalkedFile] = [:]
    private let explicitFiles: Set<RawPath>

    init(walked: [WalkedFile], explicitFiles: Set<RawPath>) {
        for file in walked where Sidecar.isSidecarName(file.path) { walkedSidecars[file.path] = file }
        self.explicitFiles = explicitFiles
    }

    /// The sidecar photolib reads for the photo at `path` (absolute), if any.
    func sidecar(for path: RawPath) -> FoundSidecar? {
        if !explicitFiles.isEmpty, explicitFiles.contains(path) {
            for candidate in Sidecar.candidates(for: path) {
                guard let info = FileSystem.status(candidate), (info.st_mode & S_IFMT) == S_IFREG else { continue }
                return FoundSidecar(
                    path: candidate,
                    stamp: Sidecar.stamp(
                        path: candidate, size: Int64(info.st_size),
                        modifiedNanoseconds: info.modifiedNanoseconds))
            }
            return nil
        }
        guard !walkedSidecars.isEmpty else { return nil }
        for candidate in Sidecar.candidates(for: path) {
            if let file = walkedSidecars[candidate] {
                return FoundSidecar(
                    path: candidate,
                    stamp: Sidecar.stamp(
                        path: candidate, size: file.size,
                        modifiedNanoseconds: file.modifiedNanoseconds))
            }
        }
        return nil
    }
}
