-- Rate limits count in the database, so that every app server on it shares one count, and
-- each call bumps its key in one upsert before any costly work. Failed logins were rows of
-- their own, counted after the password was hashed; those counters replace them.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;
