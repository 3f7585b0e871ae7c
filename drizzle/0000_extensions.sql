-- Extensions before the tables: job_locations indexes ll_to_earth (earthdistance needs cube), jobs.title a trigram GIN.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
