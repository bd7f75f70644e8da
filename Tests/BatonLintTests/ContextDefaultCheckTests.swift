import BatonLint
import BatonModel
import Testing

@Suite struct ContextDefaultCheckTests {
    @Test func defaultsOfTheWrongTypeAreReportedAtTheDefault() {
        let found = expectLint("""
            baton: 1
            start: main
            types:
              Region: {code: string}
            context:
              authorized: {type: bool, default: 1️⃣"no"}
              limit: {type: int, default: 10}
              region: {type: Region, default: 2️⃣{name: x}}
              nickname: {type: string?, default: ~}
            screens:
              home: {}
            flows:
              main:
                stack: home
            """, code: "context-default", at: ["1️⃣", "2️⃣"])
        #expect(found.first?.message == "the default of context fact 'authorized' does not fit its type `bool`: the string `\"no\"` is not a `bool`")
    }
}
