/// Colours of trace categories in the HTML timeline. Known categories have fixed colours; any other
/// category gets one from a fixed list by a stable hash of its name, so new plugins draw without changes.
package enum CategoryPalette {
    package static let violation = "#e03131"

    private static let known: [String: String] = [
        "connection": "#2f9e44", "indicator": "#f08c00", "backoff": "#fab005", "post": "#1c7ed6",
        "counter": "#7048e8", "conflict": "#c2255c", "rateLimit": "#a0522d", "sync": "#0c8599",
        "push": "#66d9e8", "fault": "#495057", "network": "#adb5bd",
    ]

    private static let spare = [
        "#20c997", "#be4bdb", "#82c91e", "#364fc7", "#f06595", "#15aabf", "#e8590c", "#5f3dc4", "#087f5b", "#94d82d",
    ]

    /// Light fills take dark text.
    private static let light: Set<String> = ["#fab005", "#66d9e8", "#adb5bd", "#82c91e", "#94d82d", "#20c997"]

    package static func color(_ category: String) -> String {
        if let color = known[category] { return color }
        var hash: UInt32 = 2_166_136_261
        for byte in category.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return spare[Int(hash % UInt32(spare.count))]
    }

    package static func textColor(_ category: String) -> String {
        light.contains(color(category)) ? "#212529" : "#ffffff"
    }
}
