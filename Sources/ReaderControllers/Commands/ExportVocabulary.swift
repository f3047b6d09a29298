import FeedExport

// The words of `tidings export` that the command line builds, named here so that `tidings` imports
// ReaderControllers alone; FeedExport defines them.

/// The output shapes of `tidings export` (FeedExport's `ExportFormat`).
public typealias ExportFormat = FeedExport.ExportFormat
/// The order of an export (FeedExport's `ExportSort`).
public typealias ExportSort = FeedExport.ExportSort
/// What one export run selects and where it writes (FeedExport's `ExportOptions`).
public typealias ExportOptions = FeedExport.ExportOptions
/// What an export did (FeedExport's `ExportSummary`).
public typealias ExportSummary = FeedExport.ExportSummary
/// Reads `--since` and `--older-than`: a duration back from now or a date (FeedExport's `ExportSince`).
public typealias ExportSince = FeedExport.ExportSince
