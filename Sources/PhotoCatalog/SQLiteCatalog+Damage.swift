extension SQLiteCatalog {
    public func recordDamage(_ findings: [DamageFinding]) throws {
        guard !findings.isEmpty else { return }
        try database.inTransaction {
            let statement = try database.cachedStatement(
                """
                UPDATE assets SET undecodable = max(undecodable, ?3), damage = CASE
                        WHEN damage IS NULL OR damage = '' THEN ?2
                        WHEN instr(damage, ?2) > 0 THEN damage
                        ELSE damage || '; ' || ?2
                    END
                WHERE id = ?1
                """)
            for finding in findings {
                try statement.run([.text(finding.id.hex), .text(finding.reason), .integer(finding.undecodable ? 1 : 0)])
            }
        }
    }
}
