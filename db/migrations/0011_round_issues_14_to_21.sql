CREATE TABLE `batch_entries` (
	`batch_id` text NOT NULL,
	`position` integer NOT NULL,
	`citation` text NOT NULL,
	`lookup_kind` text NOT NULL,
	`lookup` text NOT NULL,
	`ticket` text,
	`job_key` text,
	`status` text DEFAULT 'processing' NOT NULL,
	`step` text,
	`msg` text,
	`doi` text,
	`title` text,
	`year` text,
	`source` text,
	`license` text,
	`file_key` text,
	`access` text,
	`notices` text,
	`updated_at` integer,
	PRIMARY KEY(`batch_id`, `position`),
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`guest_token_hash` text,
	`format` text NOT NULL,
	`filename` text,
	`entry_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `batches_user_created_idx` ON `batches` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `library_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`doi` text NOT NULL,
	`notice_doi` text NOT NULL,
	`kind` text NOT NULL,
	`title` text,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `library_notices_user_idx` ON `library_notices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `library_notices_once_idx` ON `library_notices` (`user_id`,`doi`,`notice_doi`);--> statement-breakpoint
CREATE TABLE `library_watch_opt_outs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `watched_dois` (
	`doi` text PRIMARY KEY NOT NULL,
	`checked_at` integer,
	`updates` text
);
--> statement-breakpoint
CREATE INDEX `watched_dois_checked_idx` ON `watched_dois` (`checked_at`);--> statement-breakpoint
ALTER TABLE `theses` ADD `license` text;--> statement-breakpoint
ALTER TABLE `theses` ADD `source` text;--> statement-breakpoint
ALTER TABLE `downloads` ADD `notices` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `verification` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `version` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `source_host` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `code` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `title_key` text;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `deliver_by` integer;--> statement-breakpoint
ALTER TABLE `offline_requests` ADD `paid_with` text;--> statement-breakpoint
CREATE INDEX `offline_requests_title_key_idx` ON `offline_requests` (`title_key`,`status`);