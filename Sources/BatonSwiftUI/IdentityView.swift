#if canImport(SwiftUI)
import BatonHost
import BatonRuntime
import SwiftUI

/// Draws what one identity is: a screen, a navigation stack, a tab bar, or a tab's stack
/// inside a tab bar on a stack (its one page).
struct IdentityView: View {
    let identity: ViewIdentity?
    let renderer: SwiftUIRenderer

    var body: some View {
        if let identity, let content = renderer.contents[identity] {
            switch content {
            case .screen(let entry):
                AnyView(ScreenView(identity: identity, entry: entry, renderer: renderer))
            case .stack(let embedded) where embedded:
                AnyView(IdentityView(identity: renderer.stacks[identity]?.pages.first, renderer: renderer))
            case .stack:
                AnyView(StackView(identity: identity, renderer: renderer))
            case .tabs:
                AnyView(TabsView(identity: identity, renderer: renderer))
            }
        }
    }
}

/// A navigation stack: its root page, and the others as the path. A shorter path written back
/// is the user's pop.
struct StackView: View {
    let identity: ViewIdentity
    let renderer: SwiftUIRenderer

    var body: some View {
        let shown = renderer.stacks[identity] ?? SwiftUIRenderer.Pages(pages: [], back: .none)
        let path = Binding<[ViewIdentity]>(
            get: { Array(shown.pages.dropFirst()) },
            set: { renderer.setPath($0, of: identity) })
        NavigationStack(path: path) {
            PageView(page: shown.pages.first, stack: identity, back: shown.pages.count == 1 ? shown.back : nil, renderer: renderer)
                .navigationDestination(for: ViewIdentity.self) { page in
                    PageView(page: page, stack: identity, back: page == shown.pages.last ? shown.back : nil, renderer: renderer)
                }
        }
    }
}

/// A page of a stack; on the top page where the flow decides `back` itself, the system's back
/// button is replaced by one that sends `back` (and with it goes the swipe back).
struct PageView: View {
    let page: ViewIdentity?
    let stack: ViewIdentity
    let back: BackRule?
    let renderer: SwiftUIRenderer

    var body: some View {
        if back?.preventsPop == true {
            IdentityView(identity: page, renderer: renderer)
                .navigationBarBackButtonHidden(true)
                .toolbar {
                    ToolbarItem(placement: Self.backPlacement) {
                        Button { renderer.session.userTappedBack(stack) } label: { Label("Back", systemImage: "chevron.backward") }
                    }
                }
        } else {
            IdentityView(identity: page, renderer: renderer)
        }
    }

    static var backPlacement: ToolbarItemPlacement {
        #if os(iOS) || os(visionOS)
        .topBarLeading
        #else
        .navigation
        #endif
    }
}

/// A tab bar: the selection written back is the user's tap.
struct TabsView: View {
    let identity: ViewIdentity
    let renderer: SwiftUIRenderer

    var body: some View {
        let bar = renderer.tabBars[identity]
        let selection = Binding<String>(
            get: { bar?.selected ?? "" },
            set: { renderer.session.userTappedTab($0, in: identity) })
        TabView(selection: selection) {
            ForEach(bar?.tabs ?? [], id: \.id) { tab in
                IdentityView(identity: tab.content, renderer: renderer)
                    .tabItem {
                        if let icon = tab.icon { Label(tab.title, systemImage: icon) } else { Text(tab.title) }
                    }
                    .tag(tab.id)
            }
        }
    }
}

/// The app's view of a screen (else `GenericScreenView`), titled from the flow when the flow
/// gives it a title, with a popover or a dialog pointing at it when one is presented over it.
struct ScreenView: View {
    let identity: ViewIdentity
    let entry: ScreenEntry
    let renderer: SwiftUIRenderer

    var body: some View {
        content
            .modifier(FlowTitle(title: entry.title))
            .modifier(AnchoredPopover(anchor: identity, renderer: renderer))
            .modifier(DialogPresenter(place: .screen(identity), renderer: renderer))
    }

    private var content: AnyView {
        if let view = renderer.screens.view(for: entry) as? any View { return AnyView(view) }
        return AnyView(GenericScreenView(entry: entry, events: renderer.session.eventsWithoutPayload(of: entry)))
    }
}

/// `navigationTitle` when the flow gives the screen a title; nothing otherwise.
struct FlowTitle: ViewModifier {
    let title: String?

    func body(content: Content) -> some View {
        if let title { content.navigationTitle(title) } else { content }
    }
}
#endif
