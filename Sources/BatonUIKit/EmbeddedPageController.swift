#if canImport(UIKit)
import UIKit

/// A tab's stack inside a tab bar that is itself a page of a stack: its one page, without a
/// navigation controller of its own (the enclosing stack's bar shows its title).
@MainActor
final class EmbeddedPageController: UIViewController {
    private var page: UIViewController?

    func show(_ controller: UIViewController?) {
        page = embed(controller, replacing: page)
        title = controller?.title
    }
}
#endif
