import BatonModel
import BatonRuntime

/// Compares two versions of a flow in meaning, not in text: the loaded models, so that keys
/// written in another order, comments, includes and anchors are no change. Each change says
/// what changed and where; what it breaks is decided after (`FlowDiff`), except a link that no
/// longer matches or opens elsewhere, which the models alone tell (`deep-links`).
struct SpecComparison {
    let old: FlowSpec
    let new: FlowSpec
    private(set) var changes: [FlowChange] = []
    /// The users each flag change moves from one value to another (`flags.NAME.default`,
    /// `flags.NAME.rollout`), for `FlowDiff` to map the states they saved.
    private(set) var moves: [FlagMove] = []

    /// Users moved from `from` to `to` by a change at `path`: `percent` of the buckets.
    struct FlagMove: Hashable {
        var flag: String
        var path: String
        var from: Literal
        var to: Literal
        var percent: Int
    }

    init(old: FlowSpec, new: FlowSpec) {
        self.old = old
        self.new = new
        compareTop()
        compareContext()
        compareFlags()
        compareTypes()
        compareScreens()
        compareFlows()
        compareLinks()
    }

    var migrations: Migrations { new.migrations }

    mutating func add(_ kind: String, _ path: String, _ message: String, at location: SourceRange? = nil,
                      was oldLocation: SourceRange? = nil, addition: Bool = false, breaks: [FlowChange.Break] = []) {
        var change = FlowChange(kind: kind, path: path, message: message, location: location, oldLocation: oldLocation,
                                isAddition: addition)
        for kind in breaks { change.add(kind) }
        changes.append(change)
    }

    private mutating func compareTop() {
        let start = migrations.flow(old.start.name)
        if start != new.start.name {
            add("start-changed", "start", "the flow starts '\(new.start.name)' now, was '\(old.start.name)'",
                at: new.start.location, was: old.start.location)
        }
        if old.app != new.app {
            add("app-changed", "app", "`app` is '\(new.app ?? "")' now, was '\(old.app ?? "")'", at: new.location)
        }
        if old.flowVersion != new.flowVersion {
            add("version-changed", "version", "`version` is '\(new.flowVersion ?? "")' now, was '\(old.flowVersion ?? "")'",
                at: new.location)
        }
        for rename in new.migrations.screens + new.migrations.flows where !old.migrations.screens.contains(rename)
            && !old.migrations.flows.contains(rename) {
            add("rename-declared", "migrations", "'\(rename.from)' is declared renamed to '\(rename.to.name)'",
                at: rename.location, addition: true)
        }
    }

    private mutating func compareContext() {
        let pairs = Pairing(old: old.context, new: new.context, name: \.name)
        for fact in pairs.added {
            add("context-added", "context.\(fact.name)",
                "context fact '\(fact.name): \(fact.type)' added" + (fact.isRequired ? ", required" : " with a default"),
                at: fact.location, addition: true)
        }
        for fact in pairs.removed {
            add("context-removed", "context.\(fact.name)", "context fact '\(fact.name)' removed", was: fact.location)
        }
        for (before, after) in pairs.matched {
            let path = "context.\(after.name)"
            if before.type != after.type {
                add("context-type-changed", path, "context fact '\(after.name)' is `\(after.type)` now, was `\(before.type)`",
                    at: after.location, was: before.location)
            }
            if before.isRequired != after.isRequired {
                add("context-default-changed", path,
                    "context fact '\(after.name)' is " + (after.isRequired ? "required now (its default is gone)" : "optional now (it has a default)"),
                    at: after.location, was: before.location, addition: !after.isRequired)
            } else if before.default?.value != after.default?.value {
                add("context-default-changed", path,
                    "the default of context fact '\(after.name)' is \(after.default?.value.description ?? "") now, was \(before.default?.value.description ?? "")",
                    at: after.location, was: before.location)
            }
        }
    }

    private mutating func compareFlags() {
        let pairs = Pairing(old: old.flags, new: new.flags, name: \.name)
        for flag in pairs.added {
            add("flag-added", "flags.\(flag.name)", "flag '\(flag.name)' added (default \(flag.defaultValue))",
                at: flag.location, addition: true)
        }
        for flag in pairs.removed {
            add("flag-removed", "flags.\(flag.name)",
                "flag '\(flag.name)' removed: an app build that still overrides it would not start the flow", was: flag.location)
        }
        for (before, after) in pairs.matched {
            let path = "flags.\(after.name)"
            if before.type != after.type {
                add("flag-type-changed", path + ".type", "flag '\(after.name)' is a \(after.type.rawValue) flag now, was \(before.type.rawValue)",
                    at: after.location, was: before.location)
                continue
            }
            if before.values != after.values {
                let gone = before.values.filter { !after.values.contains($0) }
                let added = after.values.filter { !before.values.contains($0) }
                var parts: [String] = []
                if !added.isEmpty { parts.append("adds " + added.joined(separator: ", ")) }
                if !gone.isEmpty { parts.append("removes " + gone.joined(separator: ", ")) }
                if parts.isEmpty { parts.append("reorders them") }
                add("flag-values-changed", path + ".values", "variant flag '\(after.name)' " + parts.joined(separator: " and "),
                    at: after.location, was: before.location, addition: gone.isEmpty && !added.isEmpty)
            }
            if before.bucketFact != after.bucketFact, !(before.rollout.isEmpty && after.rollout.isEmpty) {
                add("flag-bucket-changed", path + ".bucketBy",
                    "flag '\(after.name)' buckets users by '\(after.bucketFact)' now, was '\(before.bucketFact)': every user's bucket is drawn again",
                    at: after.location, was: before.location)
                continue
            }
            compareShares(before, after)
        }
    }

    /// The value each of the 100 buckets gets under each version, and the users that moves.
    private mutating func compareShares(_ before: Flag, _ after: Flag) {
        var moved: [String: (from: Literal, to: Literal, count: Int)] = [:]
        var order: [String] = []
        for bucket in 0..<100 {
            let from = FlagResolver.rolloutValue(of: before, bucket: bucket) ?? before.defaultValue
            let to = FlagResolver.rolloutValue(of: after, bucket: bucket) ?? after.defaultValue
            guard from != to else { continue }
            let key = "\(from)→\(to)"
            if moved[key] == nil { order.append(key) }
            moved[key, default: (from, to, 0)].count += 1
        }
        let path = "flags.\(after.name)" + (before.rollout != after.rollout ? ".rollout" : ".default")
        guard !order.isEmpty || before.defaultValue != after.defaultValue || before.rollout != after.rollout else { return }
        let described = order.compactMap { moved[$0] }.map { "\($0.count)% of users from \($0.from) to \($0.to)" }
        let what = before.rollout != after.rollout ? "the rollout of flag '\(after.name)' changed" : "the default of flag '\(after.name)' is \(after.defaultValue) now, was \(before.defaultValue)"
        add(before.rollout != after.rollout ? "flag-rollout-changed" : "flag-default-changed", path,
            what + (described.isEmpty ? ": no user moves" : ": it moves " + described.joined(separator: ", ")),
            at: after.location, was: before.location)
        for key in order {
            guard let move = moved[key] else { continue }
            moves.append(FlagMove(flag: after.name, path: path, from: move.from, to: move.to, percent: move.count))
        }
    }

    private mutating func compareTypes() {
        let pairs = Pairing(old: old.types, new: new.types, name: \.name)
        for type in pairs.added {
            add("type-added", "types.\(type.name)", "type '\(type.name)' added", at: type.location, addition: true)
        }
        for type in pairs.removed {
            add("type-removed", "types.\(type.name)", "type '\(type.name)' removed", was: type.location)
        }
        for (before, after) in pairs.matched {
            let path = "types.\(after.name)"
            guard case .record(let oldFields) = before.body, case .record(let newFields) = after.body else {
                if Meaning.of(before.body) != Meaning.of(after.body) {
                    add("type-changed", path, "type '\(after.name)' is \(Meaning.of(after.body)) now, was \(Meaning.of(before.body))",
                        at: after.location, was: before.location)
                }
                continue
            }
            let fields = Pairing(old: oldFields, new: newFields, name: \.name)
            for field in fields.added {
                add("type-field-added", path + ".fields.\(field.name)",
                    "type '\(after.name)' has a new \(field.type.isOptional ? "optional" : "required") field '\(field.name): \(field.type)'",
                    at: field.location, addition: true)
            }
            for field in fields.removed {
                add("type-field-removed", path + ".fields.\(field.name)", "field '\(field.name)' of type '\(after.name)' removed",
                    at: after.location, was: field.location)
            }
            for (oldField, newField) in fields.matched where oldField.type != newField.type {
                add("type-field-changed", path + ".fields.\(newField.name)",
                    "field '\(newField.name)' of type '\(after.name)' is `\(newField.type)` now, was `\(oldField.type)`",
                    at: newField.location, was: oldField.location)
            }
        }
    }

    private mutating func compareScreens() {
        let pairs = Pairing(old: old.screens, new: new.screens, name: \.name, renamed: migrations.screen)
        for screen in pairs.added {
            add("screen-added", "screens.\(screen.name)", "screen '\(screen.name)' added", at: screen.location, addition: true)
        }
        for screen in pairs.removed {
            let hint = Migrations.unsaidRename(of: screen.name, .screen, from: old, to: new).map { "; \($0)" } ?? ""
            add("screen-removed", "screens.\(screen.name)", "screen '\(screen.name)' removed" + hint, was: screen.location)
        }
        for (before, after) in pairs.matched {
            let path = "screens.\(after.name)"
            if before.name != after.name {
                add("screen-renamed", path, "screen '\(before.name)' is '\(after.name)' now (`migrations`)",
                    at: after.location, was: before.location)
            }
            if before.input != after.input {
                add("screen-input-changed", path + ".input",
                    "the input of screen '\(after.name)' is \(Self.describe(after.input)) now, was \(Self.describe(before.input))",
                    at: after.location, was: before.location)
            }
            compareMembers("event", of: after.name, before.events, after.events, path: path + ".events",
                           screen: (after.location, before.location))
            compareMembers("result", of: after.name, before.results, after.results, path: path + ".results",
                           screen: (after.location, before.location))
            // A view model named after its screen is named after its new name: no change of its own.
            if (before.viewModel ?? after.name) != after.viewModelName {
                add("screen-view-model-changed", path,
                    "screen '\(after.name)' is shown by view model '\(after.viewModelName)' now, was '\(before.viewModelName)'",
                    at: after.location, was: before.location)
            }
            if before.displayTitle != after.displayTitle {
                add("screen-title-changed", path, "screen '\(after.name)' is titled '\(after.displayTitle)' now",
                    at: after.location, was: before.location)
            }
        }
    }

    /// A screen's events or results, by name.
    private mutating func compareMembers(_ what: String, of screen: String, _ before: [EventDeclaration],
                                         _ after: [EventDeclaration], path: String,
                                         screen places: (new: SourceRange?, old: SourceRange?)) {
        let pairs = Pairing(old: before, new: after, name: \.name)
        for member in pairs.added {
            add("\(what)-added", path + ".\(member.name)", "screen '\(screen)' has a new \(what) '\(member.name)'",
                at: member.location ?? places.new, addition: true)
        }
        for member in pairs.removed {
            add("\(what)-removed", path + ".\(member.name)", "\(what) '\(member.name)' of screen '\(screen)' removed",
                at: places.new, was: member.location)
        }
        for (oldMember, newMember) in pairs.matched where oldMember.payload != newMember.payload {
            add("\(what)-payload-changed", path + ".\(newMember.name)",
                "\(what) '\(screen).\(newMember.name)' carries \(Self.describe(newMember.payload)) now, was \(Self.describe(oldMember.payload))",
                at: newMember.location, was: oldMember.location)
        }
    }

    static func describe(_ type: TypeRef?) -> String {
        type.map { "`\($0)`" } ?? "nothing"
    }
}
