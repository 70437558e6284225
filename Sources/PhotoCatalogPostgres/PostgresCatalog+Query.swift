import PhotoCatalog

extension PostgresCatalog {
    public func assets(matching query: AssetQuery) throws -> [Asset] {
        let (sql, values) = query.selectSQL(dialect: .postgres)
        return query.arrangedByName(try reconnecting { try runner.assets(sql, values) })
    }
}
