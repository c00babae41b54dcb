-- Lists, totals and deep pages of these tables are read from their indexes alone, and an
-- index-only scan still visits a row's table page until VACUUM marks the page all-visible.
-- By default autovacuum waits for inserts of a fifth of a table: 600,000 payments on a table
-- of 3 million, which leaves the newest rows, the ones users list most, costing a page visit
-- each. Vacuum after every 1,000 inserts instead: such a vacuum reads only the pages changed
-- since the last one (the visibility map skips the rest). The embedded database's upkeep
-- (server/db/pgliteUpkeep.ts) reads the same settings.
ALTER TABLE "payments" SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
--> statement-breakpoint
ALTER TABLE "expenses" SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
--> statement-breakpoint
ALTER TABLE "loans" SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
