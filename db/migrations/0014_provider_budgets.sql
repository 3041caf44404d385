CREATE TABLE `library_watch_runs` (
	`feed` text PRIMARY KEY NOT NULL,
	`through_day` text NOT NULL,
	`ran_at` integer NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shared_answers` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`body` text,
	`fetched_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
DROP TABLE `watched_dois`;--> statement-breakpoint
CREATE INDEX `downloads_doi_lower_idx` ON `downloads` (lower("doi"));