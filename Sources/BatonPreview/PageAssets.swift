import Foundation

/// The page's own files (HTML, CSS, JavaScript), shipped with the package as resources and
/// served by name from a fixed list: no path from a request is ever resolved on disk.
struct PageAssets: Sendable {
    /// The files, with their content types.
    static let types: [String: String] = [
        "index.html": "text/html; charset=utf-8",
        "app.js": "text/javascript; charset=utf-8",
        "style.css": "text/css; charset=utf-8",
    ]

    static var names: [String] { types.keys.sorted() }

    /// The assets, read once.
    static let shared = PageAssets()

    private let contents: [String: Data]

    init() {
        var contents: [String: Data] = [:]
        for name in Self.names {
            let url = Bundle.module.resourceURL?.appendingPathComponent("Page").appendingPathComponent(name)
            if let url, let data = FileManager.default.contents(atPath: url.path) { contents[name] = data }
        }
        self.contents = contents
    }

    /// The asset `name`, nil when there is none of that name.
    func response(for name: String) -> APIResponse? {
        guard let type = Self.types[name], let data = contents[name] else { return nil }
        return APIResponse(status: 200, contentType: type, body: data)
    }
}
