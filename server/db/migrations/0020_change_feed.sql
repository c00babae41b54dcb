-- The change feed is sent by the database itself: server/db/functions/change_feed.sql.
SELECT 1;
