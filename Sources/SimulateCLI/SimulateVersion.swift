/// The version `simulate --version` prints.
public enum SimulateVersion {
    /// The toolkit's version.
    public static let number = "0.9.0"
    /// `0.9.0 (scenario format 1)`.
    public static let text = "\(number) (scenario format 1)"
}
