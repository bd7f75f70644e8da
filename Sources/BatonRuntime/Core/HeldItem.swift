/// An item a flow held when a step first changed it, as `releaseUnheld` reads it: the
/// instance and whether it is a flow, without the name (noting it then retains nothing).
struct HeldItem {
    var id: Int
    var isFlow: Bool

    init(_ item: CoreItem) {
        id = item.id
        isFlow = item.isFlow
    }
}
