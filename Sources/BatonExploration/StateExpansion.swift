// The two halves of expanding a state, which workers do side by side: surveying it, then
// taking its steps. The search merges what they found (`Explorer`).

import BatonModel
import BatonRuntime

/// What a state shows and which steps can be taken from it: the first half of expanding it,
/// which reads nothing of the search's own tables, so that workers survey states side by side.
///
/// A class: a survey is made once and only read after, from the search's lists; a copy of a
/// structure of these fields retained every list in them (some thirty objects).
final class StateSurvey {
    /// The scenario view of the state; nil when the core could not be put in it.
    let navigation: NavigationState?
    /// The depth bound the state is at (`maxStackDepth`, `maxRepeats`): no step is taken then.
    let bound: DepthCut?
    let steps: StepMenu.Steps
    /// Where links are tried from the state: set when links open here and no hidden region
    /// changed while hidden (then every link is tried).
    let linkSetting: LinkSetting?

    /// Whether steps are taken from the state: it shows a screen, has not finished and is at
    /// no bound.
    var expands: Bool {
        guard let navigation, navigation.finished == nil, navigation.top != nil else { return false }
        return bound == nil
    }

    init(_ state: ExploredState, driver: RuntimeDriver, menu: StepMenu, options: ExplorationOptions) {
        var tappable: [Int] = []
        navigation = driver.navigation(in: state, tappableTabs: &tappable)
        guard let navigation, navigation.finished == nil, navigation.top != nil else {
            (bound, steps, linkSetting) = (nil, StepMenu.Steps(), nil)
            return
        }
        bound = Self.depthBound(navigation, options: options)
        guard bound == nil else {
            (steps, linkSetting) = (StepMenu.Steps(), nil)
            return
        }
        var steps = menu.steps(for: navigation, context: state.context)
        // A tap the runtime refuses (a modal covers the tab) changes nothing and reports
        // nothing: it is not taken.
        if steps.user.contains(where: { if case .tab = $0.step { true } else { false } }) {
            // Marked in place, back to front so that removing a refused tap moves nothing unseen.
            for position in steps.user.indices.reversed() {
                guard case .tab(let id) = steps.user[position].step else { continue }
                let tap = TabTap(id, in: state, tappable: tappable, keepOnReselect: driver.keepOnReselect)
                if tap == .refused {
                    steps.user.remove(at: position)
                } else {
                    steps.user[position].tap = tap
                }
            }
        }
        self.steps = steps
        linkSetting = steps.linksOpen && state.changedWhileHidden.isEmpty ? LinkSetting(of: state) : nil
    }

    /// Surveys each state of `batch`, spread over the workers. (Not in the search's code: the
    /// closures the workers run must not belong to the main actor.)
    static func survey(_ batch: [ExploredState], workers: ExplorationWorkers, menu: StepMenu,
                       options: ExplorationOptions) -> [StateSurvey] {
        workers.map(batch.count) { driver, offset in
            StateSurvey(batch[offset], driver: driver, menu: menu, options: options)
        }
    }

    /// Which depth bound a state is at, if any: a screen on its visible stack, or a flow on the
    /// way to its visible screen, more often than `maxRepeats` (what can grow without end), or
    /// the stack as deep as `maxStackDepth` (a guard for stacks that grow through many distinct
    /// screens pushed in a cycle). A stack of distinct screens is explored to its end.
    static func depthBound(_ navigation: NavigationState, options: ExplorationOptions) -> DepthCut? {
        if let repeated = repeated(navigation.stack, beyond: options.maxRepeats)
            ?? repeated(navigation.flows, beyond: options.maxRepeats) {
            return DepthCut(bound: "maxRepeats", at: repeated)
        }
        let stack = navigation.stack
        if stack.count >= options.maxStackDepth { return DepthCut(bound: "maxStackDepth", at: stack.last ?? "") }
        return nil
    }

    /// The first name of `names` met more than `limit` times.
    private static func repeated(_ names: [String], beyond limit: Int) -> String? {
        guard names.count > limit else { return nil }
        // Most stacks are short, where comparing names beats hashing them; a long one is
        // counted in a table, so that the count stays linear in its length.
        if names.count <= 16 {
            // A name is met a time too many at its position `limit` or later.
            for position in max(limit, 0)..<names.count {
                let name = names[position]
                var count = 1
                for other in names[..<position] where other == name { count += 1 }
                if count > limit { return name }
            }
            return nil
        }
        var counts: [String: Int] = [:]
        for name in names {
            let count = counts[name, default: 0] + 1
            if count > limit { return name }
            counts[name] = count
        }
        return nil
    }
}

/// Where a state met a depth bound: the bound (`maxStackDepth`, `maxRepeats`) and the screen
/// or flow it stopped at (the stack's top, or the one repeated).
struct DepthCut: Hashable {
    var bound: String
    var at: String
}

/// A step taken from a state: each way it went (`RuntimeDriver.take`), with the key of the
/// state after each (the state itself only when it may be new), as a range of its state's list
/// of ways (`TakenSteps.ways`).
struct TakenStep {
    var entry: StepMenu.Entry
    /// Where its ways are in `TakenSteps.ways`.
    var ways: Range<Int>
    /// Whether `maxForks` cut the step short: then some ways it can go are missing.
    var bounded: Bool

    /// Takes each state's entries (`take(_:from:driver:isKnown:)`), begun on background threads
    /// when there are several workers, so that the search merges the batch before meanwhile,
    /// and joined by the search (`JoinableWork.join(with: workers.joiningDriver)`); with one
    /// worker, all of it runs at once. `known` (the search's table of states as it was when the
    /// work began) says which states after a step it has already.
    static func begin(_ entries: [[StepMenu.Entry]], from batch: [ExploredState], workers: ExplorationWorkers,
                      known: [StateKey: Int]) -> JoinableWork<TakenSteps> {
        workers.begin(batch.count) { driver, offset in
            take(entries[offset], from: batch[offset], driver: driver) { key, state in
                driver.isKnown(state, key: key, among: known)
            }
        }
    }

    /// Takes each of `entries` from `state`: the second half of expanding a state. A way's
    /// state after is dropped (its key kept) when `isKnown` says the search has it already:
    /// most steps lead back to a state seen before, and it is freed here, on the worker.
    static func take(_ entries: [StepMenu.Entry], from state: ExploredState, driver: RuntimeDriver,
                     isKnown: (StateKey, ExploredState) -> Bool) -> TakenSteps {
        var taken = TakenSteps(steps: [], ways: [])
        taken.steps.reserveCapacity(entries.count)
        // Most steps go one way.
        taken.ways.reserveCapacity(entries.count)
        for entry in entries {
            let first = taken.ways.count
            if case .tab(let id) = entry.step, let tap = entry.tap,
               let tap = driver.tapWithoutCore(id, tap, from: state, isKnown: isKnown) {
                taken.ways.append(tap)
                taken.steps.append(TakenStep(entry: entry, ways: first..<taken.ways.count, bounded: false))
                continue
            }
            driver.take(entry.step, from: state, into: &taken.ways)
            let ways = first..<taken.ways.count
            if case .tab = entry.step, ways.count == 1 { driver.notePlainTap(taken.ways[first].outcome) }
            let keepsKnownKeys = entry.needsKnownKeys
            for index in ways {
                // Taken out, and put back only when the search may not have it.
                guard let after = taken.ways[index].after.take() else { continue }
                let key = driver.key(of: after)
                if !isKnown(key, after) {
                    taken.ways[index].after = consume after
                    taken.ways[index].afterKey = key
                } else if keepsKnownKeys {
                    taken.ways[index].afterKey = key
                }
            }
            taken.steps.append(TakenStep(entry: entry, ways: ways, bounded: driver.lastTakeBounded))
        }
        return taken
    }
}

/// The steps taken from one state, with the ways of all of them in one list (each step's are a
/// range of it): one list for the state, not one for each step.
struct TakenSteps {
    var steps: [TakenStep]
    var ways: [DrivenStep]
}

extension RuntimeDriver {
    /// Whether the search has `state` (whose key is `key`) among `known` already: itself, or
    /// the same state seen with fewer flags decided, which stands for it under every value of
    /// them.
    func isKnown(_ state: ExploredState, key: StateKey, among known: [StateKey: Int]) -> Bool {
        known[key] != nil || generalEnvironments(of: state).contains { known[key.with(environment: $0)] != nil }
    }
}
