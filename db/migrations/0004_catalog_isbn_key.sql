DROP INDEX `catalog_items_isbn_unique`;--> statement-breakpoint
ALTER TABLE `catalog_items` ADD `isbn_key` text GENERATED ALWAYS AS (upper(replace(replace(isbn, '-', ''), ' ', ''))) VIRTUAL;--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_items_isbn_key_unique` ON `catalog_items` (`isbn_key`);