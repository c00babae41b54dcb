-- Only the person changes the e-mail they sign in with, and the new address must confirm it:
-- a change waits (confirmed_at null) until the link mailed to the new address
-- (confirm_token_hash) is opened; then the e-mail changes and the old address gets the revert
-- link (token_hash), which a waiting change does not have yet. The changes already made were
-- applied when they were made: they are marked confirmed then, and keep their revert links.
ALTER TABLE "email_changes" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "email_changes" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_confirm_token_hash_key" ON "email_changes" USING btree ("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_revert_once_confirmed" CHECK (("email_changes"."confirmed_at" is null) = ("email_changes"."token_hash" is null));
