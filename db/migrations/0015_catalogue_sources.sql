ALTER TABLE `catalog_items` ADD `source` text;--> statement-breakpoint
ALTER TABLE `catalog_items` ADD `demo` integer DEFAULT false NOT NULL;