import Testing

@testable import photolib

@Suite struct SuggestionTests {
    @Test func damerauLevenshteinCountsSwapsAsOneEdit() {
        #expect(Suggestion.editDistance(Array("list"), Array("lsit")) == 1)
        #expect(Suggestion.editDistance(Array("list"), Array("lst")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.editDistance(Array("ca"), Array("abc")) == 3)
    }

    @Test func closestWithinTwoEditsOrUniquePrefix() {
        let groups = [["favourite", "favorite"], ["taken-after"], ["taken-before"], ["jobs"]]
        #expect(Suggestion.closest(to: "favorit", among: groups) == "favorite")
        #expect(Suggestion.closest(to: "FAVOURITE", among: groups) == "favourite")
        #expect(Suggestion.closest(to: "jbos", among: groups) == "jobs")
        // A prefix of one option (and its alias) is unique; of two options it is not.
        #expect(Suggestion.closest(to: "fav", among: groups) == "favourite")
        #expect(Suggestion.closest(to: "taken", among: groups) == nil)
        #expect(Suggestion.closest(to: "taken-a", among: groups) == "taken-after")
        #expect(Suggestion.closest(to: "zzzzzz", among: groups) == nil)
        // Two edits that would replace a whole short word are no suggestion.
        #expect(Suggestion.closest(to: "xy", among: [["ls"]]) == nil)
        #expect(Suggestion.closest(to: "ls", among: [["list"]]) == "list")
    }
}
