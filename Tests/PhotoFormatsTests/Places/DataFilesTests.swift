import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct DataFilesTests {
    private func touch(_ path: RawPath) throws {
        try FileSystem.createDirectory(path.parent)
        try FileSystem.writeAtomically(Array("x".utf8), to: path)
    }

    @Test func findsTheShippedGazetteerFromTheTestBinary() throws {
        // The test binary lives in this package's .build/, so the package's Data/ is found.
        let path = try #require(
            DataFiles(environment: [:], executable: DataFiles.currentExecutable()).locate(Gazetteer.fileName))
        #expect(path.lastComponent == RawPath(Gazetteer.fileName))
        #expect(try FileSystem.readFile(path) == FileSystem.readFile(ShippedGazetteer.path))
    }

    @Test func findsAnInstalledCopyBesideTheBinary() throws {
        let prefixFolder = try TemporaryDirectory()
        let prefix = prefixFolder.path
        defer { prefixFolder.remove() }
        try touch(prefix.appending("share/photolib/gazetteer.bin"))
        let found = DataFiles(environment: [:], executable: prefix.appending("bin/photolib")).locate("gazetteer.bin")
        #expect(found == prefix.appending("share/photolib/gazetteer.bin"))
        #expect(DataFiles(environment: [:], executable: prefix.appending("bin/photolib")).locate("NOTICE") == nil)
    }

    @Test(arguments: [".build/debug/photolib", ".build/x86_64-unknown-linux-gnu/release/photolib"])
    func findsThePackageDataFromTheBuildTree(binary: String) throws {
        let packageFolder = try TemporaryDirectory()
        let package = packageFolder.path
        defer { packageFolder.remove() }
        try touch(package.appending("Package.swift"))
        try touch(package.appending("Data/gazetteer.bin"))
        let found = DataFiles(environment: [:], executable: package.appending(binary)).locate("gazetteer.bin")
        #expect(found == package.appending("Data/gazetteer.bin"))
    }

    @Test func buildTreeWithoutPackageManifestIsNotUsed() throws {
        let folderFolder = try TemporaryDirectory()
        let folder = folderFolder.path
        defer { folderFolder.remove() }
        try touch(folder.appending("Data/gazetteer.bin"))
        #expect(
            DataFiles(environment: [:], executable: folder.appending(".build/debug/photolib")).locate("gazetteer.bin")
                == nil)
    }

    @Test func environmentVariableComesFirst() throws {
        let overrideFolder = try TemporaryDirectory()
        let override = overrideFolder.path
        let prefixFolder = try TemporaryDirectory()
        let prefix = prefixFolder.path
        defer {
            overrideFolder.remove()
            prefixFolder.remove()
        }
        try touch(override.appending("gazetteer.bin"))
        try touch(prefix.appending("share/photolib/gazetteer.bin"))
        let environment = [DataFiles.environmentVariable: override.description]
        #expect(
            DataFiles(environment: environment, executable: prefix.appending("bin/photolib")).locate("gazetteer.bin")
                == override.appending("gazetteer.bin"))
        // A variable naming a folder without the file falls through to the next place.
        #expect(
            DataFiles(
                environment: [DataFiles.environmentVariable: "/nonexistent"],
                executable: prefix.appending("bin/photolib")
            ).locate("gazetteer.bin")
                == prefix.appending("share/photolib/gazetteer.bin"))
    }
}
