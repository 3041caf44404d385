ALTER TABLE `offline_requests` ADD `code` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `title_key` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `deliver_by` integer;--> statement-breakpoint
CREATE INDEX `offline_requests_title_key_idx` ON `offline_requests` (`title_key`,`status`);