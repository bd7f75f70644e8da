#if canImport(UIKit)
import UIKit

extension UIViewController {
    /// Shows `child` filling this controller's view in place of `old` (either may be nil), with
    /// UIKit's containment calls; the child shown now.
    func embed(_ child: UIViewController?, replacing old: UIViewController?) -> UIViewController? {
        guard child !== old else { return old }
        if let old {
            old.willMove(toParent: nil)
            old.view.removeFromSuperview()
            old.removeFromParent()
        }
        guard let child else { return nil }
        addChild(child)
        child.view.frame = view.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(child.view)
        child.didMove(toParent: self)
        return child
    }
}
#endif
