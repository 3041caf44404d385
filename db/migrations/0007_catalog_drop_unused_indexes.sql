DROP INDEX `catalog_items_type_year_idx`;--> statement-breakpoint
DROP INDEX `catalog_items_org_idx`;