/// The played marks (migration `v20-played`): one row per enclosure URL the reader's player played
/// to its end, downloaded or streamed. Kept apart from the download queue so that a streamed episode
/// is marked without queueing it, and a mark outlives its queue entry and its article. The queue's
/// `file_identity` names the file a download placed (device and inode), so that deleting a played
/// file deletes that file and never another one put under its name since.
enum PlayedSchema {
    static let v20 = """
        CREATE TABLE played_enclosures (
            url TEXT PRIMARY KEY,
            article_id INTEGER REFERENCES articles(id) ON DELETE SET NULL,
            played_at REAL NOT NULL
        );
        ALTER TABLE downloads ADD COLUMN file_identity TEXT;
        """
}
