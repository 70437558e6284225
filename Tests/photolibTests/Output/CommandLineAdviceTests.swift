import Foundation
import PhotoSupport
import Testing

@testable import PhotoLibrary
@testable import photolib

/// The core says what is wrong; the command line adds what to type.
@Suite struct CommandLineAdviceTests {
    @Test func libraryErrorsGetTheCommandThatMendsThem() {
        let notALibrary = LibraryError(path: RawPath("/p"), reason: .notALibrary)
        #expect(notALibrary.description == "/p: not a photolib library (no .photolib/ here)")
        #expect(
            CommandLineAdvice.message(for: notALibrary)
                == "/p: not a photolib library (no .photolib/ here); run 'photolib init'")
        let noneFound = LibraryError(path: RawPath("/p"), reason: .noLibraryFound)
        #expect(noneFound.description == "no photolib library found in /p or any folder above it")
        #expect(
            CommandLineAdvice.message(for: noneFound)
                == "no photolib library found in /p or any folder above it; run 'photolib init', "
                + "or name one with --library DIR or PHOTOLIB_LIBRARY")
        let exists = LibraryError(path: RawPath("/p"), reason: .alreadyExists)
        #expect(CommandLineAdvice.message(for: exists) == exists.description)
    }

    @Test func aFileNotIndexedYetIsToldToIndex() {
        let error = AssetReferenceError(reference: "a.jpg", reason: .notIndexed)
        #expect(error.description == "a.jpg: not in the catalog yet")
        #expect(CommandLineAdvice.message(for: error) == "a.jpg: not in the catalog yet; run 'photolib index' first")
        let unknown = AssetReferenceError(reference: "zz", reason: .unknown)
        #expect(CommandLineAdvice.message(for: unknown) == unknown.description)
    }

    @Test func aRepairTheCatalogStillDisagreesWithSuggestsIndexing() {
        let problem = VerifyFinding.RepairProblem.stillDisagrees
        #expect(problem.description == "indexed again, but the catalog still disagrees with the file")
        #expect(
            CommandLineAdvice.message(for: problem)
                == "indexed again, but the catalog still disagrees with the file; run 'photolib index'")
        #expect(CommandLineAdvice.message(for: .failed("disk full")) == "disk full")
    }
}
