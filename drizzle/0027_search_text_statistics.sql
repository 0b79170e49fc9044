-- Issue 39: the planner estimates a search's matches ("%nunez%") from a sample of search_text
-- values. With the default 100, a word in 2.8 % of a million orders appeared in none of them and
-- was estimated at 100 rows: a later page of that search read all 27,000 matches and sorted them
-- (200 ms) instead of the created_at index from the cursor (2.7 ms). 1,000 values find it
-- (6,673 estimated); ANALYZE of the orders takes longer (11 s at a million) and planning a search
-- about 2 ms.
ALTER TABLE "orders" ALTER COLUMN "search_text" SET STATISTICS 1000;
