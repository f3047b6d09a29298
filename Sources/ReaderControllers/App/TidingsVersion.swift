/// The version Tidings reports in `--version` and in its User-Agent.
public enum TidingsVersion {
    public static let string = "0.1.0"
}
