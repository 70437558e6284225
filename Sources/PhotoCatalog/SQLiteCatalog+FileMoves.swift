import Foundation
import PhotoSupport

extension SQLiteCatalog {
    public func recordMoves(_ moves: [FileMove]) throws -> [FileMove] { try runner.recordMoves(moves) }

    public func pendingMoves() throws -> [FileMove] { try runner.pendingMoves() }

    public func dropMoves(_ sequences: [Int64]) throws { try runner.deleteMoves(sequences) }

    /// Removes the rows of finished moves; called inside the transaction that finishes them.
    func deleteMoves(_ sequences: [Int64]) throws { try runner.deleteMoves(sequences) }

    public func libraryID() throws -> String? { try runner.libraryID() }

    public func setLibraryID(_ id: String) throws { try runner.setLibraryID(id) }

    public func indexFailures() throws -> [IndexFailure] { try runner.indexFailures() }

    public func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws {
        try runner.updateIndexFailures(recording: failures, clearing: paths)
    }
}
