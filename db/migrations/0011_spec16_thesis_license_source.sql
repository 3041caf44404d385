ALTER TABLE `theses` ADD `license` text;--> statement-breakpoint
ALTER TABLE `theses` ADD `source` text;