/// The release of photolib this code is: the one place its version is written.
public enum PhotolibRelease {
    public static let version = "0.1.0"
}
