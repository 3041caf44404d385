PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_university_usage` (
	`university_id` text NOT NULL,
	`month` text NOT NULL,
	`access_key` text NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`quota` integer,
	PRIMARY KEY(`university_id`, `month`, `access_key`),
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "university_usage_within_quota" CHECK("__new_university_usage"."used" >= 0 AND ("__new_university_usage"."quota" IS NULL OR "__new_university_usage"."used" <= "__new_university_usage"."quota"))
);
--> statement-breakpoint
INSERT INTO `__new_university_usage`("university_id", "month", "access_key", "used", "quota") SELECT "university_id", "month", "access_key", "used", NULL FROM `university_usage`;--> statement-breakpoint
DROP TABLE `university_usage`;--> statement-breakpoint
ALTER TABLE `__new_university_usage` RENAME TO `university_usage`;--> statement-breakpoint
PRAGMA foreign_keys=ON;