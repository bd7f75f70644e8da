import BatonLoader
import BatonModel
import Testing

/// `include` merges other files, names both places of a duplicate, and refuses cycles.
@Suite struct IncludeTests {
    let main = """
        baton: 1
        start: main
        include: [parts/screens.yaml]
        screens:
          home: {events: [open]}
        flows:
          main:
            stack: home
            on:
              home.open: push detail
        """

    @Test func mergesIncludedDefinitionsInOrder() {
        let result = load(main, files: ["parts/screens.yaml": """
            include: [../types.yaml]
            screens:
              detail: {input: Item}
            """, "types.yaml": "types:\n  Item: {id: string}\n"])
        #expect(result.diagnostics == [])
        #expect(result.spec?.screens.map(\.name) == ["home", "detail"])
        #expect(result.spec?.types.map(\.name) == ["Item"])
        #expect(result.spec?.files == ["main.yaml", "parts/screens.yaml", "types.yaml"])
        #expect(result.spec?.screens.last?.location?.file == "parts/screens.yaml")
    }

    @Test func duplicateAcrossFilesNamesBothPlaces() {
        let result = load(main, files: ["parts/screens.yaml": "screens:\n  detail: {}\n  home: {}\n"])
        #expect(result.diagnostics.map(\.code) == ["duplicate-definition"])
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.message == "screen 'home' is defined twice")
        #expect(diagnostic?.location?.description == "parts/screens.yaml:3:3")
        #expect(diagnostic?.notes.first?.location?.description == "main.yaml:5:3")
    }

    @Test func cyclesAreRefused() {
        let result = load(main, files: [
            "parts/screens.yaml": "include: [more.yaml]\nscreens:\n  detail: {}\n",
            "parts/more.yaml": "include: [screens.yaml]\n",
        ])
        #expect(result.diagnostics.map(\.code) == ["include-cycle"])
        #expect(result.diagnostics.first?.message
            == "include cycle: main.yaml → parts/screens.yaml → parts/more.yaml → parts/screens.yaml")
        #expect(result.diagnostics.first?.location?.description == "parts/more.yaml:1:11")
    }

    @Test func aFileIncludingItselfIsACycle() {
        let result = load(main.replacingOccurrences(of: "parts/screens.yaml", with: "main.yaml"))
        #expect(result.diagnostics.map(\.code) == ["include-cycle"])
    }

    @Test func missingIncludeIsReportedAtTheIncludeLine() {
        let result = load(main)
        #expect(result.diagnostics.map(\.code) == ["include-not-found"])
        #expect(result.diagnostics.first?.location?.description == "main.yaml:3:11")
    }

    @Test func includedFilesMayNotSayStartAppOrVersion() {
        let result = load(main, files: ["parts/screens.yaml": "start: other\napp: X\nversion: 2\nscreens:\n  detail: {}\n"])
        #expect(result.diagnostics.map(\.code) == ["not-allowed-in-include", "not-allowed-in-include", "not-allowed-in-include"])
    }
}
