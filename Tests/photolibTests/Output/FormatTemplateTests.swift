import Testing

@testable import photolib

@Suite struct FormatTemplateTests {
    let fields = ["id", "city", "caption", "taken"]

    @Test func fieldsLiteralsAndEscapes() throws {
        let template = try FormatTemplate(#"{id}\t{city}: {{{caption}}}\n"#, fields: fields)
        #expect(template.fieldNames == ["id", "city", "caption"])
        #expect(template.render(["id": "ab12", "city": "Köln", "caption": nil]) == "ab12\tKöln: {}\n")
        #expect(template.render { $0 == "caption" ? "Dom" : nil } == "\t: {Dom}\n")
        #expect(try FormatTemplate(#"a\\b \x"#, fields: fields).render([:]) == #"a\b \x"#)
        #expect(try FormatTemplate("", fields: fields).segments == [])
    }

    @Test func unknownFieldSuggestsAndListsFields() {
        #expect(
            throws: UsageError(
                message:
                    "Unknown field '{cty}' in --format. Did you mean '{city}'? Fields: {id}, {city}, {caption}, {taken}",
                commandPath: ["list"])
        ) {
            try FormatTemplate("{id} {cty}", fields: fields, commandPath: ["list"])
        }
        #expect(
            throws: UsageError(message: "Unknown field '{zzzzz}' in --format. Fields: {id}, {city}, {caption}, {taken}")
        ) {
            try FormatTemplate("{zzzzz}", fields: fields)
        }
    }

    @Test func unmatchedBraces() {
        #expect(throws: UsageError(message: "Unmatched '{' in --format. Fields: {id}")) {
            try FormatTemplate("{id", fields: ["id"])
        }
        #expect(throws: UsageError(message: "Unmatched '}' (write '}}' for a brace) in --format. Fields: {id}")) {
            try FormatTemplate("id}", fields: ["id"])
        }
    }
}
