CREATE TABLE `file_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`file_key` text NOT NULL,
	`download_id` text NOT NULL,
	`job_key` text NOT NULL,
	`doi` text,
	`user_id` text,
	`reporter` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`evidence` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_reports_once_idx` ON `file_reports` (`file_key`,`reporter`);--> statement-breakpoint
CREATE INDEX `file_reports_status_idx` ON `file_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `file_withdrawals` (
	`file_key` text PRIMARY KEY NOT NULL,
	`job_key` text,
	`doi` text,
	`sha256` text,
	`source_url` text,
	`source_host` text,
	`cause` text NOT NULL,
	`withdrawn_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`withdrawn_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `file_withdrawals_doi_idx` ON `file_withdrawals` (`doi`);--> statement-breakpoint
CREATE INDEX `file_withdrawals_job_idx` ON `file_withdrawals` (`job_key`);--> statement-breakpoint
CREATE INDEX `file_withdrawals_sha_idx` ON `file_withdrawals` (`sha256`);--> statement-breakpoint
ALTER TABLE `stored_files` ADD `source_url` text;--> statement-breakpoint
ALTER TABLE `stored_files` ADD `sha256` text;--> statement-breakpoint
CREATE INDEX `downloads_file_idx` ON `downloads` (`file_key`);--> statement-breakpoint
CREATE INDEX `batch_entries_file_idx` ON `batch_entries` (`file_key`);