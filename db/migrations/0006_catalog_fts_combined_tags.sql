-- Combined filter tags: a type or free filter together with a year range used to be two tag
-- groups (t3 AND (d199 OR y2000 ...)). bm25 reads the whole doclist of every phrase in a query
-- once (for its IDF), so the big year doclists cost milliseconds at a million rows. Each row now
-- also carries t<type>y<year>, t<type>d<decade>, t<type>c<century> (and f1y/f1d/f1c when free):
-- "reports from 1990 to 2005" becomes t3d199 OR t3y2000 ... whose doclists hold only those rows.
DROP TRIGGER IF EXISTS `catalog_items_fts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_items_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_items_fts_update`;
--> statement-breakpoint
DROP VIEW IF EXISTS `catalog_fts_source`;
--> statement-breakpoint
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
    || coalesce(
      ' y' || `year` || ' d' || (`year` / 10) || ' c' || (`year` / 100)
      || ' t' || `type` || 'y' || `year` || ' t' || `type` || 'd' || (`year` / 10) || ' t' || `type` || 'c' || (`year` / 100)
      || CASE WHEN `free` THEN ' f1y' || `year` || ' f1d' || (`year` / 10) || ' f1c' || (`year` / 100) ELSE '' END,
      '')
    || coalesce(' o' || lower(replace(replace(replace(replace(`organization`, ' ', ''), '/', ''), '-', ''), '.', '')), '')
    AS `tags`
FROM `catalog_items`;
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
    || coalesce(
      ' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100)
      || ' t' || old.`type` || 'y' || old.`year` || ' t' || old.`type` || 'd' || (old.`year` / 10) || ' t' || old.`type` || 'c' || (old.`year` / 100)
      || CASE WHEN old.`free` THEN ' f1y' || old.`year` || ' f1d' || (old.`year` / 10) || ' f1c' || (old.`year` / 100) ELSE '' END,
      '')
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
    || coalesce(
      ' y' || old.`year` || ' d' || (old.`year` / 10) || ' c' || (old.`year` / 100)
      || ' t' || old.`type` || 'y' || old.`year` || ' t' || old.`type` || 'd' || (old.`year` / 10) || ' t' || old.`type` || 'c' || (old.`year` / 100)
      || CASE WHEN old.`free` THEN ' f1y' || old.`year` || ' f1d' || (old.`year` / 10) || ' f1c' || (old.`year` / 100) ELSE '' END,
      '')
    || coalesce(' o' || lower(replace(replace(replace(replace(old.`organization`, ' ', ''), '/', ''), '-', ''), '.', '')), '')
  );
  INSERT INTO `catalog_fts` (`rowid`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags`)
  SELECT `id`, `title`, `authors`, `publisher`, `isbn`, `standard_number`, `keywords`, `tags` FROM `catalog_fts_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
INSERT INTO `catalog_fts` (`catalog_fts`) VALUES ('rebuild');
