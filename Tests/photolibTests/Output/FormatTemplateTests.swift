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

    @Test func datesTakeStrftimeFormatsAndMissingValuesADefault() throws {
        let template = try FormatTemplate(
            "{taken:%Y/%m %b %a %j}|{city:-Unknown}|{taken:%H%M%S:-undated}|{caption:-}", fields: fields,
            dateFields: ["taken"])
        #expect(
            template.render(["taken": "2015-06-13T16:42:07+02:00", "city": nil, "caption": "x"])
                == "2015/06 Jun Sat 164|Unknown|164207|x")
        // The time as written: never moved to this machine's zone, with or without an offset.
        #expect(
            template.render(["taken": "2016-08-06T21:36:45", "city": "", "caption": nil]).hasPrefix(
                "2016/08 Aug Sat 219|Unknown|213645|"))
        #expect(template.render([:]) == "|Unknown|undated|")
        #expect(template.fieldNames == ["taken", "city", "caption"])
        // A value that is no date is left as it is.
        #expect(template.render(["taken": "soon"]).hasPrefix("soon|"))
        #expect(
            throws: UsageError(message: "'{city}' takes no format in --name: only dates do ({taken})", commandPath: [])
        ) {
            try FormatTemplate("{city:%Y}", fields: fields, dateFields: ["taken"], optionName: "--name")
        }
    }
}
