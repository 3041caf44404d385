-- Full-text search over the catalogue (book and standard search) and the theses (thesis search).
--
-- External-content FTS5: the text lives once, in catalog_items / theses; the FTS tables hold only
-- the index. Their content is a view over the table so the index can carry a hidden `tags` column:
-- filter tokens (t<type>, f1 = free, y<year>, d<decade>, c<century>, o<organisation>) that the search
-- ANDs into the MATCH. FTS5 then intersects doclists instead of joining back to the table per row,
-- which is what keeps filtered searches fast at millions of rows. `tags` gets weight 0 in bm25.
-- Triggers keep the index in sync; the 'delete' rows must repeat the view's expressions exactly.
CREATE VIEW `catalog_fts_source` AS
SELECT
  `id`,
  `title`,
  `authors`,
  coalesce(`publisher`, '') AS `publisher`,
  coalesce(`isbn_key`, '') AS `isbn`,
  coalesce(`standard_number` || ' ' || replace(`standard_number`, ' ', ''), '') AS `standard_number`,
  `keywords`,
  't' || `type`
    || CASE WHEN `free` THEN ' f1' ELSE '' END
    || coalesce(' y' || `year` || ' d' || (`year` / 10) || ' c' || (`year` / 100), '')
    || coalesce(' o' || lower(replace(replace(replace(replace(`organization`, ' ', ''), '/', ''), '-', ''), '.', '')), '')
    AS `tags`
FROM `catalog_items`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `catalog_fts` USING fts5(
  `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`,
  content = 'catalog_fts_source',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `catalog_items_fts_insert` AFTER INSERT ON `catalog_items` BEGIN
  INSERT INTO `catalog_fts` (`rowid`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`)
  SELECT `id`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags` FROM `catalog_fts_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_items_fts_delete` AFTER DELETE ON `catalog_items` BEGIN
  INSERT INTO `catalog_fts` (`catalog_fts`, `rowid`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`)
  VALUES (
    'delete', old.`id`, old.`title`, old.`authors`, coalesce(old.`publisher`, ''), coalesce(old.`isbn_key`, ''),
    coalesce(old.`standard_number` || ' ' || replace(old.`standard_number`, ' ', ''), ''), old.`keywords`,
    't' || old.`type`
      || CASE WHEN old.`free` THEN ' f1' ELSE '' END
      || coalesce(' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100), '')
      || coalesce(' o' || lower(replace(replace(replace(replace(old.`organization`, ' ', ''), '/', ''), '-', ''), '.', '')), '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_items_fts_update` AFTER UPDATE OF
  `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `type`, `free`, `year`, `organization`
ON `catalog_items` BEGIN
  INSERT INTO `catalog_fts` (`catalog_fts`, `rowid`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`)
  VALUES (
    'delete', old.`id`, old.`title`, old.`authors`, coalesce(old.`publisher`, ''), coalesce(old.`isbn_key`, ''),
    coalesce(old.`standard_number` || ' ' || replace(old.`standard_number`, ' ', ''), ''), old.`keywords`,
    't' || old.`type`
      || CASE WHEN old.`free` THEN ' f1' ELSE '' END
      || coalesce(' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100), '')
      || coalesce(' o' || lower(replace(replace(replace(replace(old.`organization`, ' ', ''), '/', ''), '-', ''), '.', '')), '')
  );
  INSERT INTO `catalog_fts` (`rowid`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`)
  SELECT `id`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags` FROM `catalog_fts_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- Theses: tags l<language>, p<department>, y/d/c<year>.
CREATE VIEW `theses_fts_source` AS
SELECT
  `id`,
  `title`,
  `author`,
  `abstract`,
  `department`,
  'l' || lower(replace(`language`, ' ', ''))
    || ' p' || lower(replace(replace(replace(replace(`department`, ' ', ''), '/', ''), '-', ''), '.', ''))
    || coalesce(' y' || `year` || ' d' || (`year` / 10) || ' c' || (`year` / 100), '')
    AS `tags`
FROM `theses`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `theses_fts` USING fts5(
  `title`, `author`, `abstract`, `department`, `tags`,
  content = 'theses_fts_source',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `theses_fts_insert` AFTER INSERT ON `theses` BEGIN
  INSERT INTO `theses_fts` (`rowid`, `title`, `author`, `abstract`, `department`, `tags`)
  SELECT `id`, `title`, `author`, `abstract`, `department`, `tags` FROM `theses_fts_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `theses_fts_delete` AFTER DELETE ON `theses` BEGIN
  INSERT INTO `theses_fts` (`theses_fts`, `rowid`, `title`, `author`, `abstract`, `department`, `tags`)
  VALUES (
    'delete', old.`id`, old.`title`, old.`author`, old.`abstract`, old.`department`,
    'l' || lower(replace(old.`language`, ' ', ''))
      || ' p' || lower(replace(replace(replace(replace(old.`department`, ' ', ''), '/', ''), '-', ''), '.', ''))
      || coalesce(' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100), '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `theses_fts_update` AFTER UPDATE OF `title`, `author`, `abstract`, `department`, `language`, `year` ON `theses` BEGIN
  INSERT INTO `theses_fts` (`theses_fts`, `rowid`, `title`, `author`, `abstract`, `department`, `tags`)
  VALUES (
    'delete', old.`id`, old.`title`, old.`author`, old.`abstract`, old.`department`,
    'l' || lower(replace(old.`language`, ' ', ''))
      || ' p' || lower(replace(replace(replace(replace(old.`department`, ' ', ''), '/', ''), '-', ''), '.', ''))
      || coalesce(' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100), '')
  );
  INSERT INTO `theses_fts` (`rowid`, `title`, `author`, `abstract`, `department`, `tags`)
  SELECT `id`, `title`, `author`, `abstract`, `department`, `tags` FROM `theses_fts_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- Rows that existed before this migration (a seeded development database).
INSERT INTO `catalog_fts` (`catalog_fts`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `theses_fts` (`theses_fts`) VALUES ('rebuild');
