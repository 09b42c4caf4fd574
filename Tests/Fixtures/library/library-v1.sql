-- A library as version 1 of the schema wrote it (LibrarySchema.version1, frozen here): the
-- file every later version must still open. scripts/make-library-fixtures.sh makes
-- library-v1.sqlite from this file; never edit either once a version 2 exists.
PRAGMA journal_mode = WAL;
BEGIN;
CREATE TABLE records (
  id INTEGER PRIMARY KEY,
  share_id TEXT NOT NULL UNIQUE,
  received_at INTEGER NOT NULL,
  imported_at INTEGER NOT NULL,
  source TEXT,
  status TEXT NOT NULL
) STRICT;
CREATE INDEX records_by_received_at ON records (received_at);
CREATE INDEX records_by_status ON records (status, received_at);
CREATE TABLE items (
  record_id INTEGER NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('file', 'text', 'url')),
  type_identifier TEXT NOT NULL,
  text TEXT,
  url TEXT,
  file TEXT,
  byte_count INTEGER,
  sha256 TEXT,
  suggested_name TEXT,
  PRIMARY KEY (record_id, position)
) STRICT;
-- 2026-03-08T06:30:00Z (01:30 in New York), imported a minute later: a Safari page.
INSERT INTO records VALUES
  (1, '0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01', 1772951400000000, 1772951460000000, 'safari-page',
   'to-sort');
INSERT INTO items VALUES
  (1, 0, 'url', 'public.url', NULL, 'https://example.com/', NULL, NULL, NULL, NULL),
  (1, 1, 'text', 'public.plain-text', 'Saturday at the park?', NULL, NULL, NULL, NULL, NULL);
-- 2026-03-08T15:00:00.250Z: a photo, its file in the files directory.
INSERT INTO records VALUES
  (2, '7A4F9B22-8C1D-4F0E-B3A6-5D2E9C8B1F02', 1772982000250000, 1772982001000000, 'photos',
   'to-sort');
INSERT INTO items VALUES
  (2, 0, 'file', 'public.heic', NULL, NULL, '7A4F9B22-8C1D-4F0E-B3A6-5D2E9C8B1F02-0.heic',
   1834112, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'IMG_0412.HEIC');
PRAGMA application_id = 1397247042;
PRAGMA user_version = 1;
COMMIT;
