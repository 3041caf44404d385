ALTER TABLE `downloads` ADD `notices` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `verification` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `version` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `source_host` text;