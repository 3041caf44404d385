CREATE TABLE `desk_alert_prefs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_new_requests` integer DEFAULT false NOT NULL,
	`email_payments` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `offline_request_keys` (
	`key` text NOT NULL,
	`request_id` text NOT NULL,
	PRIMARY KEY(`key`, `request_id`),
	FOREIGN KEY (`request_id`) REFERENCES `offline_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `offline_request_keys_request_idx` ON `offline_request_keys` (`request_id`);--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `prepared_file_key` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `prepared_file_name` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `prepared_file_size` integer;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `prepared_link` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `group_key` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `group_basis` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `meta` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `staff_note` text;--> statement-breakpoint
CREATE INDEX `offline_requests_group_idx` ON `offline_requests` (`group_key`,`status`);--> statement-breakpoint
CREATE INDEX `offline_requests_created_idx` ON `offline_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `offline_requests_paid_at_idx` ON `offline_requests` (`paid_at`);