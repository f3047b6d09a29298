/// The download queue's table (migration `v16-downloads`): one row per enclosure URL. The article's
/// and feed's titles are copied in, so that an entry still names its episode after retention deleted
/// the article (the link is then NULL); no download ever changes an article.
enum DownloadQueueSchema {
    static let v16 = """
        CREATE TABLE downloads (
            id INTEGER PRIMARY KEY,
            article_id INTEGER REFERENCES articles(id) ON DELETE SET NULL,
            url TEXT NOT NULL UNIQUE,
            article_title TEXT,
            feed_title TEXT,
            published REAL,
            mime_type TEXT,
            state TEXT NOT NULL CHECK (state IN ('queued', 'downloading', 'paused', 'done', 'failed')),
            bytes_done INTEGER NOT NULL DEFAULT 0,
            bytes_total INTEGER,
            file_path TEXT,
            etag TEXT,
            last_modified TEXT,
            failure TEXT,
            queued_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        );
        CREATE INDEX downloads_article ON downloads(article_id);
        """
}
