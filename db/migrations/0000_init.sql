CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `credit_lots` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`remaining` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`source_ref` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_lots_remaining_non_negative" CHECK("credit_lots"."remaining" >= 0)
);
--> statement-breakpoint
CREATE INDEX `credit_lots_user_expiry_idx` ON `credit_lots` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_outbox_created_idx` ON `dev_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_at_idx` ON `rate_limit_hits` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`remember` integer DEFAULT false NOT NULL,
	`user_agent` text,
	`ip` text,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`username` text,
	`email` text NOT NULL,
	`email_verified_at` integer,
	`mobile` text,
	`mobile_verified_at` integer,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_solver` integer DEFAULT false NOT NULL,
	`is_partner` integer DEFAULT false NOT NULL,
	`university_id` text,
	`university_email` text,
	`university_verified_at` integer,
	`blocked_at` integer,
	`balance` integer DEFAULT 0 NOT NULL,
	`standard_credit` integer DEFAULT 0 NOT NULL,
	`offline_article_credit` integer DEFAULT 0 NOT NULL,
	`unlimited_article_credit` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_balance_non_negative" CHECK("users"."balance" >= 0),
	CONSTRAINT "users_standard_credit_non_negative" CHECK("users"."standard_credit" >= 0),
	CONSTRAINT "users_offline_credit_non_negative" CHECK("users"."offline_article_credit" >= 0),
	CONSTRAINT "users_unlimited_credit_non_negative" CHECK("users"."unlimited_article_credit" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_mobile_unique` ON `users` (`mobile`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_university_idx` ON `users` (`university_id`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`target` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`payload` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `verification_codes_target_idx` ON `verification_codes` (`purpose`,`target`,`created_at`);--> statement-breakpoint
CREATE INDEX `verification_codes_hash_idx` ON `verification_codes` (`code_hash`);--> statement-breakpoint
CREATE TABLE `universities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`access` text NOT NULL,
	`new_access` text,
	`quotas` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `university_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`university_id` text NOT NULL,
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `university_usage` (
	`university_id` text NOT NULL,
	`month` text NOT NULL,
	`access_key` text NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`university_id`, `month`, `access_key`),
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_group_members` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `user_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`university_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`university_id`) REFERENCES `universities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `user_groups_university_idx` ON `user_groups` (`university_id`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_name` text NOT NULL,
	`post_title` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blog_posts_created_idx` ON `blog_posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_created_idx` ON `news` (`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` integer NOT NULL,
	`title` text NOT NULL,
	`authors` text DEFAULT '' NOT NULL,
	`year` integer,
	`publisher` text,
	`isbn` text,
	`edition` text,
	`pages` integer,
	`language` text DEFAULT 'English' NOT NULL,
	`size_bytes` integer,
	`extension` text,
	`free` integer DEFAULT false NOT NULL,
	`license` text,
	`links` text DEFAULT '[]' NOT NULL,
	`toman_price` integer,
	`cover_url` text,
	`standard_number` text,
	`organization` text,
	`cd_name` text,
	`publication_date` text,
	`keywords` text DEFAULT '' NOT NULL,
	`external_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_items_isbn_unique` ON `catalog_items` (`isbn`);--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_items_external_unique` ON `catalog_items` (`external_id`);--> statement-breakpoint
CREATE INDEX `catalog_items_type_year_idx` ON `catalog_items` (`type`,`year`);--> statement-breakpoint
CREATE INDEX `catalog_items_org_idx` ON `catalog_items` (`organization`);--> statement-breakpoint
CREATE TABLE `standard_organizations` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `theses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`author` text NOT NULL,
	`degree` text NOT NULL,
	`department` text NOT NULL,
	`language` text NOT NULL,
	`year` integer,
	`university` text,
	`download_link` text NOT NULL,
	`abstract` text DEFAULT '' NOT NULL,
	`free` integer DEFAULT true NOT NULL,
	`external_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `theses_external_unique` ON `theses` (`external_id`);--> statement-breakpoint
CREATE INDEX `theses_department_year_idx` ON `theses` (`department`,`year`);--> statement-breakpoint
CREATE TABLE `direct_access_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`username` text NOT NULL,
	`secret` text NOT NULL,
	`grant_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `direct_access_sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `direct_access_credentials_site_idx` ON `direct_access_credentials` (`site_id`,`grant_id`);--> statement-breakpoint
CREATE TABLE `direct_access_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`site_id` integer NOT NULL,
	`days` integer NOT NULL,
	`order_id` text,
	`credential_id` text,
	`starts_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`site_id`) REFERENCES `direct_access_sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `direct_access_grants_user_site_idx` ON `direct_access_grants` (`user_id`,`site_id`);--> statement-breakpoint
CREATE TABLE `direct_access_prices` (
	`site_id` integer NOT NULL,
	`days` integer NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`site_id`, `days`),
	FOREIGN KEY (`site_id`) REFERENCES `direct_access_sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `direct_access_sites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`url` text,
	`type` integer NOT NULL,
	`link` text,
	`link2` text,
	`expire_text` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `article_entitlements` (
	`user_id` text NOT NULL,
	`job_key` text NOT NULL,
	`credit_kind` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `job_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `downloads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`job_key` text NOT NULL,
	`outcome` text NOT NULL,
	`doi` text,
	`url` text,
	`title` text,
	`source` text,
	`license` text,
	`file_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `downloads_outcome_created_idx` ON `downloads` (`outcome`,`created_at`);--> statement-breakpoint
CREATE INDEX `downloads_user_created_idx` ON `downloads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stored_files` (
	`key` text PRIMARY KEY NOT NULL,
	`job_key` text,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`source` text,
	`license` text,
	`owner_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stored_files_job_idx` ON `stored_files` (`job_key`);--> statement-breakpoint
CREATE TABLE `offline_request_events` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`actor_id` text,
	`from_status` text,
	`to_status` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `offline_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `offline_request_events_request_idx` ON `offline_request_events` (`request_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `offline_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`url` text NOT NULL,
	`doi` text,
	`more` text,
	`doc_key` text NOT NULL,
	`status` text DEFAULT 'registered' NOT NULL,
	`price` integer,
	`reject_reason` text,
	`assigned_to` text,
	`file_key` text,
	`delivered_link` text,
	`promise_at` integer,
	`delivered_at` integer,
	`can_edit` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `offline_requests_user_idx` ON `offline_requests` (`user_id`,`doc_key`);--> statement-breakpoint
CREATE INDEX `offline_requests_status_promise_idx` ON `offline_requests` (`status`,`promise_at`);--> statement-breakpoint
CREATE INDEX `offline_requests_kind_created_idx` ON `offline_requests` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`user_id` text,
	`university_id` text,
	`title` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_id` text,
	`paid_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_type` text,
	`ref_id` text,
	`note` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_user_created_idx` ON `ledger_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_account_created_idx` ON `ledger_entries` (`account`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`cart` text NOT NULL,
	`total` integer NOT NULL,
	`status` text NOT NULL,
	`payment_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_unique` ON `orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`gateway` text NOT NULL,
	`amount` integer NOT NULL,
	`authority` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`ref_id` text,
	`card_pan` text,
	`order_id` text,
	`invoice_id` text,
	`cart` text,
	`return_to` text,
	`failure_reason` text,
	`verified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_authority_unique` ON `payments` (`authority`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `price_packages` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`articles` integer NOT NULL,
	`price` integer NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `prices` (
	`key` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`price` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `service_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`order_id` text,
	`upload_id` text,
	`report_key` text,
	`account_username` text,
	`account_secret` text,
	`guarantee_until` integer,
	`handled_by` text,
	`note` text,
	`paid_by_contract` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `service_orders_user_idx` ON `service_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `service_orders_status_idx` ON `service_orders` (`status`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`);