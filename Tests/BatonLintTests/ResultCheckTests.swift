import BatonLint
import BatonModel
import Testing

/// (1.1) `return R`: the receivers declare `R`, with a type the payload fits.
@Suite struct ResultCheckTests {
    @Test func everyReceiverMustDeclareTheResult() {
        let found = expectLint("""
            baton: 1
            start: profile
            screens:
              editProfile: {events: {pickAvatar: ~, openSettings: ~}, results: {avatarPicked: string}}
              settings: {events: {pickAvatar: ~}, results: {avatarPickd: string}}
              avatarPicker: {events: {picked: string}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.openSettings: push settings
                  editProfile.pickAvatar: sheet avatarPicker
                  settings.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return 1️⃣avatarPicked
            """, code: "missing-result", at: ["1️⃣"])
        #expect(found.first?.message == "`return avatarPicked` can hand its result to 'settings', which does not declare result 'avatarPicked'")
        #expect(found.first?.suggestion == "did you mean `avatarPickd`?")
    }

    @Test func outcomeReturnsLandOnTheScreensThatStartTheChild() {
        expectLint("""
            baton: 1
            start: shop
            types:
              Address: {street: string}
            screens:
              cart: {events: {pickAddress: ~}, results: {addressPicked: Address}}
              account: {events: {pickAddress: ~}}
              addresses: {events: {done: Address}}
            flows:
              shop:
                tabs: [{flow: cartTab}, {flow: accountTab}]
              cartTab:
                stack: cart
                on:
                  cart.pickAddress: sheet picker
                  picker.done: return addressPicked
              accountTab:
                stack: account
                on:
                  account.pickAddress: sheet picker
                  picker.done: return 1️⃣addressPicked
              picker:
                stack: addresses
                on:
                  addresses.done: finish
            """, code: "missing-result", at: ["1️⃣"])
    }

    @Test func sequenceStepsAndLinkItemsAreReceivers() {
        expectLint("""
            baton: 1
            start: main
            screens:
              home: {results: [confirmed]}
              terms: {events: [accept]}
              consent: {events: [agree]}
              list: {}
              confirm: {events: [ok]}
            flows:
              main:
                sequence: [terms, consent]
                on:
                  consent.agree: return 1️⃣confirmed
                  terms.accept: next
              other:
                stack: home
                links:
                  /confirm: [list, confirm]
                on:
                  confirm.ok: return 2️⃣confirmed
            """, code: "missing-result", at: ["1️⃣", "2️⃣"])
    }

    @Test func resultTypeMismatchPointsAtTheWithField() {
        let found = expectLint("""
            baton: 1
            start: profile
            types:
              Image: {url: url, size: int}
            screens:
              editProfile: {events: {pickAvatar: ~}, results: {avatarPicked: Image, cleared: ~}}
              avatarPicker: {events: {picked: Image, clear: ~}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: {return: avatarPicked, with: {size: 1️⃣big}}
                  avatarPicker.clear: return cleared
            """, code: "result-mismatch", at: ["1️⃣"])
        #expect(found.first?.message.hasPrefix("`return avatarPicked` hands `Image` from `avatarPicker.picked`, but 'editProfile' declares result 'avatarPicked' as `Image`: field `size`") == true)
    }

    @Test func aResultNoScreenDeclaresIsAnUnknownReference() {
        let found = expectLint("""
            baton: 1
            start: profile
            screens:
              editProfile: {events: {pickAvatar: ~}, results: {avatarPicked: string}}
              avatarPicker: {events: {picked: string}}
            flows:
              profile:
                stack: editProfile
                on:
                  editProfile.pickAvatar: sheet avatarPicker
                  avatarPicker.picked: return 1️⃣avatarPickd
            """, code: "unknown-reference", at: ["1️⃣"])
        #expect(found.first?.suggestion == "did you mean `avatarPicked`?")
    }

    @Test func aReturnHandledAboveTheFlowThatShowsTheScreenFindsItsReceivers() {
        expectLint("""
            baton: 1
            start: shop
            screens:
              cart: {events: {pick: ~}}
              account: {events: {pick: ~}, results: {picked: string}}
              picker: {events: {chosen: string}}
            flows:
              shop:
                tabs: [{flow: cartTab}, {flow: accountTab}]
                on:
                  picker.chosen: return 1️⃣picked
              cartTab:
                stack: cart
                on:
                  cart.pick: sheet picker
              accountTab:
                stack: account
                on:
                  account.pick: sheet picker
            """, code: "missing-result", at: ["1️⃣"])
    }
}
