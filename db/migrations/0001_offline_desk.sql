ALTER TABLE `offline_request_events` ADD `action` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `title` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `is_solution` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `file_name` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `file_size` integer;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `paid_at` integer;--> statement-breakpoint
CREATE INDEX `offline_requests_doc_key_idx` ON `offline_requests` (`doc_key`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `offline_requests_open_unique` ON `offline_requests` (`user_id`,`doc_key`) WHERE "offline_requests"."status" in ('registered', 'priced', 'paid', 'in_progress');