#if canImport(SwiftUI)
import BatonHost
import BatonRuntime
import SwiftUI

/// Draws one node of `NavigationHost.root`. Recursive places go through `AnyView`.
struct HostNodeView: View {
    let node: HostNode
    let host: NavigationHost
    let views: ScreenViews

    var body: some View {
        switch node {
        case .stack(let stack):
            StackView(stack: stack, host: host, views: views)
        case .tabs(let tabs):
            TabsView(tabs: tabs, host: host, views: views)
        case .screen(let screen):
            ScreenView(entry: screen.entry, views: views)
                .presenting(screen.modal, host: host, views: views)
        case .empty:
            EmptyView()
        }
    }
}

/// A stack or a sequence: the path is the flow's; a shorter one written back is the user's back.
struct StackView: View {
    let stack: HostStack
    let host: NavigationHost
    let views: ScreenViews

    var body: some View {
        let path = Binding<[NavigationItem]>(
            get: { stack.path },
            set: { host.setPath($0, of: stack) })
        NavigationStack(path: path) {
            ItemView(item: stack.root, host: host, views: views)
                .navigationDestination(for: NavigationItem.self) { item in
                    ItemView(item: item, host: host, views: views)
                }
        }
        .presenting(stack.modal, host: host, views: views)
    }
}

/// A tab bar: the selection written back is a tap.
struct TabsView: View {
    let tabs: HostTabs
    let host: NavigationHost
    let views: ScreenViews

    var body: some View {
        let selection = Binding<String>(
            get: { tabs.selected },
            set: { host.selectTab($0, in: tabs) })
        TabView(selection: selection) {
            ForEach(tabs.tabs) { tab in
                AnyView(HostNodeView(node: tab.content, host: host, views: views))
                    .tabItem { Label(tab.title, systemImage: tab.icon ?? "circle") }
                    .tag(tab.id)
            }
        }
        .presenting(tabs.modal, host: host, views: views)
    }
}

/// A stack entry: a screen, or a flow shown as its own node (tabs pushed onto a stack).
struct ItemView: View {
    let item: NavigationItem?
    let host: NavigationHost
    let views: ScreenViews

    var body: some View {
        switch item {
        case .screen(let entry)?:
            ScreenView(entry: entry, views: views)
        case .flow(let coordinator)?:
            AnyView(HostNodeView(node: host.node(for: coordinator), host: host, views: views))
        case nil:
            EmptyView()
        }
    }
}

/// The app's view of a screen, titled from the flow.
struct ScreenView: View {
    let entry: ScreenEntry
    let views: ScreenViews

    var body: some View {
        views.view(for: entry)
            .navigationTitle(entry.title ?? "")
    }
}

/// The modal a node presents: a sheet, a full-screen cover or a popover, whose binding set to
/// nil by SwiftUI is the user's swipe.
struct ModalPresentation: ViewModifier {
    let modal: HostModal?
    let host: NavigationHost
    let views: ScreenViews

    func body(content: Content) -> some View {
        content
            .sheet(item: binding(for: .sheet)) { modal in contentView(modal) }
            .popover(item: binding(for: .popover)) { modal in contentView(modal) }
            #if os(iOS) || os(tvOS) || os(visionOS)
            .fullScreenCover(item: binding(for: .cover)) { modal in contentView(modal) }
            #endif
    }

    /// The modal if it is presented this way; writing nil is the user's swipe.
    private func binding(for presentation: Presentation) -> Binding<HostModal?> {
        #if os(iOS) || os(tvOS) || os(visionOS)
        let shown = modal?.presentation == presentation
        #else
        // No full-screen cover here: a cover is shown as a sheet.
        let shown = modal.map { ($0.presentation == .cover ? .sheet : $0.presentation) == presentation } ?? false
        #endif
        return Binding(
            get: { shown ? modal : nil },
            set: { newValue in
                if newValue == nil, shown, let modal { host.modalWasDismissed(modal) }
            })
    }

    /// A presented screen gets a navigation bar of its own; a presented flow brings its own.
    private func contentView(_ modal: HostModal) -> AnyView {
        if case .screen = modal.content {
            return AnyView(NavigationStack { HostNodeView(node: modal.content, host: host, views: views) })
        }
        return AnyView(HostNodeView(node: modal.content, host: host, views: views))
    }
}

extension View {
    func presenting(_ modal: HostModal?, host: NavigationHost, views: ScreenViews) -> some View {
        modifier(ModalPresentation(modal: modal, host: host, views: views))
    }
}
#endif
