import PhotoSupport

/// The one rule of the commands that drop catalog state for good (`forget`, `trash empty`):
/// `--yes`, or a person at a terminal who answers y. A script that gives neither is refused
/// with a usage error before anything changes, whatever the count, so that a cron job or a
/// pasted line never drops what it did not mean to.
enum Confirmation {
    /// Returns when the command may go on; throws `refusal` from a script (stdin not a
    /// terminal, or read for assets with `-`) and `cancelled` when the person says no.
    static func require(
        _ question: String, yes: Bool, command: ParsedCommand, context: CommandContext, refusal: String,
        cancelled: any Error
    ) throws {
        guard !yes else { return }
        let readsStandardInput = command.rawArguments.contains { $0.bytes == [UInt8(ascii: "-")] }
        guard context.stdinIsTerminal, !readsStandardInput else {
            throw UsageError(message: refusal, commandPath: command.path)
        }
        context.stderr.write(question + " [y/N] ")
        let answer = String(decoding: context.stdin.readLine() ?? [], as: UTF8.self).trimmingWhitespace().lowercased()
        guard answer == "y" || answer == "yes" else { throw cancelled }
    }
}
