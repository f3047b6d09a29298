import FeedStore

/// Names the rule behind a regular expression that ran out of its matching budget (`RegexBudgetError`):
/// an `[[ignore]]` rule or a `[[query]]` feed of the config is a config error (78) naming the entry,
/// as a rule that does not parse is; a pattern of no rule came from the command line (`--query`),
/// a usage error (2).
extension ReaderConfig {
    /// The failure to report for `error` when it is a budget failure, naming the entry of the config
    /// at `path` it belongs to; nil for any other error.
    public static func regexBudgetFailure(_ error: any Error, configPath path: String) -> CommandFailure? {
        guard RegexBudgetError(error) != nil else { return nil }
        let config = (try? ReaderConfig.load(path: path)) ?? ReaderConfig()
        return config.regexBudgetFailure(error, path: path)
    }

    /// The failure to report for `error` when it is a budget failure; nil for any other error.
    public func regexBudgetFailure(_ error: any Error, path: String) -> CommandFailure? {
        guard let budget = RegexBudgetError(error) else { return nil }
        let advice = "; hidden and listed articles are as they were"
        for (index, rule) in ignoreRules.rules.enumerated() where rule.query.contains(budget.pattern) {
            let place = "[[ignore]] \(index + 1) (\(RegexBudgetError.abbreviated(rule.query)))"
            return CommandFailure(
                message: ConfigError(path: path, message: "\(place): \(budget.description)\(advice)").description,
                status: .config)
        }
        for (index, feed) in queryFeeds.enumerated() where feed.query.contains(budget.pattern) {
            let place = "[[query]] \(index + 1) \"\(feed.name)\""
            return CommandFailure(
                message: ConfigError(path: path, message: "\(place): \(budget.description)").description,
                status: .config)
        }
        return CommandFailure(message: "query: \(budget.description)", status: .usage)
    }
}
