import BatonLint
import BatonModel
import Testing

@Suite struct FollowWithoutConditionsTests {
    @Test func aFollowingSwitchWithoutConditionsIsReportedAtTheFlow() {
        expectLint("""
            baton: 1
            start: root
            screens:
              home: {}
              login: {}
            flows:
              1️⃣root:
                follow: true
                switch: [{screen: home}, {screen: login}]
              other:
                switch: [{screen: home}, {screen: login}]
            """, code: "follow-without-conditions", at: ["1️⃣"])
    }
}
