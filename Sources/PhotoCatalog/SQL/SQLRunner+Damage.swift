// MARK: - Damage found after an index (a rendition's decode), the same on both stores

extension SQLRunner {
    /// Adds each finding's reason to its asset's `damage` unless it is there already, and
    /// marks the asset undecodable when the finding says so (never the other way).
    package func recordDamage(_ findings: [DamageFinding]) throws {
        guard !findings.isEmpty else { return }
        let p = dialect.placeholder
        _ = try runEach(
            """
            UPDATE assets SET undecodable = \(dialect.either("undecodable", p(3))), damage = CASE
                    WHEN damage IS NULL OR damage = '' THEN \(p(2))
                    WHEN \(dialect.contains("damage", p(2))) THEN damage
                    ELSE damage || '; ' || \(p(2))
                END
            WHERE id = \(p(1))
            """,
            findings.map { [.text($0.id.hex), .text($0.reason), .bool($0.undecodable)] })
    }
}
