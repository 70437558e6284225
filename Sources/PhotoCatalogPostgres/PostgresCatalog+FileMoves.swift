import Foundation
import PhotoCatalog
import PhotoSupport

extension PostgresCatalog {
    public func recordMoves(_ moves: [FileMove]) throws -> [FileMove] {
        try reconnecting { try runner.recordMoves(moves) }
    }

    public func pendingMoves() throws -> [FileMove] { try reconnecting { try runner.pendingMoves() } }

    public func dropMoves(_ sequences: [Int64]) throws { try reconnecting { try runner.deleteMoves(sequences) } }

    /// Removes the rows of finished moves; called inside the transaction that finishes them.
    func deleteMoves(_ sequences: [Int64]) throws { try runner.deleteMoves(sequences) }

    public func libraryID() throws -> String? { try reconnecting { try runner.libraryID() } }

    public func setLibraryID(_ id: String) throws { try reconnecting { try runner.setLibraryID(id) } }

    public func indexFailures() throws -> [IndexFailure] { try reconnecting { try runner.indexFailures() } }

    public func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws {
        try reconnecting { try runner.updateIndexFailures(recording: failures, clearing: paths) }
    }
}
