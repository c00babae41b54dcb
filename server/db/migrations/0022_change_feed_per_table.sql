-- Each table's change feed has a trigger function of its own (server/db/functions/change_feed.sql):
-- the one they shared goes, with the triggers that still call it.
DROP FUNCTION IF EXISTS notify_changes() CASCADE;
