CREATE TABLE `user_last_downloads` (
	`user_id` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`saved_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `stored_files` ADD `access` text DEFAULT 'open' NOT NULL;